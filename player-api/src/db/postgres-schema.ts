import { sql } from 'kysely';
import { CORE_POSTGRES_MIGRATIONS } from './schema';
import type { Store } from './store';

// Runs PostgreSQL's schema: the core tables' versions (db/schema.ts) and each feature's
// `postgresMigrations` (rendered from its schema.ts), versioned in `feature_schema`.

/** Every process starting at once migrates under this advisory lock, one after another. */
const MIGRATION_LOCK = 0x5357_4552; // 'SWER'

/**
 * Brings the PostgreSQL schema up to date: the core, then each feature's own list, in one
 * transaction per step under an advisory lock. Idempotent; safe when several nodes start at once.
 * Returns the changes made to an existing schema ("schema 2 → 3", "feature health 0 → 1").
 */
export async function migratePostgres(store: Store, features: readonly { name: string; postgresMigrations?: readonly string[] }[]): Promise<string[]> {
  const applied: string[] = [];
  let fresh = false;
  const lists: [string, readonly string[]][] = [['core', CORE_POSTGRES_MIGRATIONS], ...features.flatMap((feature): [string, readonly string[]][] => (feature.postgresMigrations ? [[feature.name, feature.postgresMigrations]] : []))];
  await store.db.transaction().execute(async (q) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(q);
    await sql`CREATE TABLE IF NOT EXISTS feature_schema (feature TEXT PRIMARY KEY, version INTEGER NOT NULL)`.execute(q);
    for (const [feature, migrations] of lists) {
      const row = await sql<{ version: number }>`SELECT version FROM feature_schema WHERE feature = ${feature}`.execute(q);
      const from = row.rows[0]?.version ?? 0;
      if (from > migrations.length) {
        throw new Error(`Schema of ${feature} is at version ${from}, newer than this build knows (${migrations.length}).`);
      }
      // A database with no schema yet is created, not changed: nothing there to report.
      if (feature === 'core' && from === 0) fresh = true;
      if (from < migrations.length && !fresh) applied.push(`${feature === 'core' ? 'schema' : `feature ${feature}`} ${from} → ${migrations.length}`);
      for (let target = from + 1; target <= migrations.length; target += 1) {
        await sql.raw(migrations[target - 1] ?? '').execute(q);
        await sql`INSERT INTO feature_schema (feature, version) VALUES (${feature}, ${target}) ON CONFLICT (feature) DO UPDATE SET version = excluded.version`.execute(q);
      }
    }
  });
  return applied;
}
