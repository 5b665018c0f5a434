import type { DB } from './database';
import { CORE_SQLITE_MIGRATIONS } from './schema';

/**
 * The core schema on SQLite, one entry per version (`PRAGMA user_version` = number of entries
 * applied), defined with PostgreSQL's in db/schema.ts.
 */
export const MIGRATIONS: readonly string[] = CORE_SQLITE_MIGRATIONS;

export function schemaVersion(db: DB): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the schema up to date; idempotent, and safe when several processes start at once
 * (each step re-reads the version inside its own BEGIN IMMEDIATE transaction).
 */
export function migrate(db: DB): { from: number; to: number } {
  const from = schemaVersion(db);
  if (from > MIGRATIONS.length) {
    throw new Error(`Database schema version ${from} is newer than this build knows (${MIGRATIONS.length}).`);
  }
  for (let target = from + 1; target <= MIGRATIONS.length; target += 1) {
    db.transaction(() => {
      if (schemaVersion(db) >= target) return;
      db.exec(MIGRATIONS[target - 1] ?? '');
      db.pragma(`user_version = ${target}`);
    }).immediate();
  }
  return { from, to: schemaVersion(db) };
}

const FEATURE_SCHEMA_TABLE = `
  CREATE TABLE IF NOT EXISTS feature_schema (
    feature TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) STRICT;
`;

function featureVersion(db: DB, feature: string): number {
  const row = db.prepare<[string], { version: number }>('SELECT version FROM feature_schema WHERE feature = ?').get(feature);
  return row?.version ?? 0;
}

/**
 * Brings one feature's own tables up to date. Each feature keeps its own version, so features
 * developed side by side never compete for migration numbers. Idempotent and multi-process safe.
 */
export function migrateFeature(db: DB, feature: string, migrations: readonly string[]): { from: number; to: number } {
  db.exec(FEATURE_SCHEMA_TABLE);
  const from = featureVersion(db, feature);
  if (from > migrations.length) {
    throw new Error(`Schema of feature ${feature} is at version ${from}, newer than this build knows (${migrations.length}).`);
  }
  for (let target = from + 1; target <= migrations.length; target += 1) {
    db.transaction(() => {
      if (featureVersion(db, feature) >= target) return;
      db.exec(migrations[target - 1] ?? '');
      db.prepare('INSERT INTO feature_schema (feature, version) VALUES (?, ?) ON CONFLICT (feature) DO UPDATE SET version = excluded.version').run(
        feature,
        target,
      );
    }).immediate();
  }
  return { from, to: featureVersion(db, feature) };
}

/**
 * The schema changes a start would make on this database, one line each ("schema 6 → 7",
 * "feature health 0 → 1"); none on a database with no tables yet (nothing there to lose).
 */
export function pendingMigrations(db: DB, features: readonly { name: string; migrations?: readonly string[] }[]): string[] {
  const core = schemaVersion(db);
  if (core === 0) return [];
  const pending = core < MIGRATIONS.length ? [`schema ${core} → ${MIGRATIONS.length}`] : [];
  const hasFeatureTable = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'feature_schema'").get()?.n === 1;
  for (const feature of features) {
    const wanted = feature.migrations?.length ?? 0;
    const at = hasFeatureTable ? featureVersion(db, feature.name) : 0;
    if (at < wanted) pending.push(`feature ${feature.name} ${at} → ${wanted}`);
  }
  return pending;
}
