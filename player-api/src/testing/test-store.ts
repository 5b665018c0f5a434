import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase } from '../db/database';
import { migrate, migrateFeature } from '../db/migrations';
import { migratePostgres } from '../db/postgres-schema';
import { openPostgresStore, openSqliteStore, type Store } from '../db/store';

/**
 * The engine the player-api tests run on: SQLite by default; PostgreSQL when
 * `TEST_DATABASE_URL` is a postgres:// URL (`npm run test:postgres -w player-api`, and CI). Each
 * test store gets its own empty database: a temp SQLite file, or its own PostgreSQL schema.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const TEST_ENGINE: Store['engine'] = /^postgres(ql)?:\/\//i.test(TEST_DATABASE_URL) ? 'postgres' : 'sqlite';

export interface TestStore {
  store: Store;
  /** Where another process opens the same data (`openStore(location, { schema })`): the SQLite file or the URL. */
  location: string;
  /** PostgreSQL: the schema of this store. */
  schema?: string;
  /** Drops the schema or deletes the file. */
  close(): Promise<void>;
}

interface MigratableFeature {
  name: string;
  migrations?: readonly string[];
  postgresMigrations?: readonly string[];
}

/** A fresh, migrated store on the test engine (core tables plus the features given). */
export async function openTestStore(features: readonly MigratableFeature[] = [], options: { engine?: Store['engine'] } = {}): Promise<TestStore> {
  if ((options.engine ?? TEST_ENGINE) === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openPostgresStore(TEST_DATABASE_URL, { max: 1 });
    await sql.raw(`CREATE SCHEMA ${schema}`).execute(admin.db);
    const store = openPostgresStore(TEST_DATABASE_URL, { schema });
    try {
      await migratePostgres(store, features);
    } catch (error) {
      await store.close();
      await admin.close();
      throw error;
    }
    return {
      store,
      // The same schema for another process: libpq's `options` parameter sets its search_path.
      location: `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      schema,
      async close() {
        await store.close();
        await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(admin.db);
        await admin.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-store-'));
  const location = join(dir, 'test.sqlite');
  const handle = openDatabase(location);
  migrate(handle);
  for (const feature of features) if (feature.migrations) migrateFeature(handle, feature.name, feature.migrations);
  const store = openSqliteStore(handle);
  return {
    store,
    location,
    async close() {
      await store.close();
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A store of each test (in the describe block or file it is called in): opened with `features`'
 * tables before each test, handed to `use` (which keeps it, and may prepare more), closed after.
 */
export function storePerTest(features: readonly MigratableFeature[], use: (t: TestStore) => void | Promise<void>): void {
  let opened: TestStore | undefined;
  beforeEach(async () => {
    opened = await openTestStore(features);
    await use(opened);
  });
  afterEach(async () => {
    await opened?.close();
  });
}
