// Both engines get the same tables from the one definition (db/ddl.ts, db/schema.ts and each
// feature's schema.ts): every feature migrated on a SQLite file and on a PostgreSQL schema, then
// read back from each engine's own catalogue and compared. Runs with the PostgreSQL suite
// (`npm run test:postgres`), which has both engines.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../app';
import { openTestStore, type TestStore } from '../testing/test-store';
import { postgresShape, sqliteShape, type SchemaShape } from '../testing/schema-shape';

/**
 * The only differences, each an engine's own way to the same rule (db/ddl.ts):
 * SQLite's usernames and referral codes are unique through their NOCASE collation, which a
 * lookup by lower(…) cannot use, so it has these two lookup indexes; PostgreSQL's unique
 * lower(…) indexes serve both.
 */
const SQLITE_ONLY_INDEXES = ['users_username_lower: (lower(username))', 'users_referral_code_lower: (lower(referral_code))'];

let sqlite: TestStore;
let postgres: TestStore;
let sqliteTables: SchemaShape;
let postgresTables: SchemaShape;

beforeAll(async () => {
  sqlite = await openTestStore(FEATURES, { engine: 'sqlite' });
  postgres = await openTestStore(FEATURES, { engine: 'postgres' });
  const handle = sqlite.store.sqlite;
  if (!handle) throw new Error('a SQLite store without its handle');
  sqliteTables = sqliteShape(handle);
  postgresTables = await postgresShape(postgres.store);
});

afterAll(async () => {
  await sqlite.close();
  await postgres.close();
});

describe('one table definition for both engines', () => {
  it('gives both engines the same tables', () => {
    expect(Object.keys(postgresTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    // Every feature's tables are there (a sample from the core and several features).
    expect(Object.keys(sqliteTables)).toEqual(expect.arrayContaining(['users', 'ledger', 'sessions', 'bets', 'karera_rounds', 'sports_slot_stakes', 'deposits', 'uploads', 'remote_errors', 'vitals', 'readiness_probe']));
  });

  it('gives each table the same columns (names in order, types, nullability, defaults)', () => {
    for (const [name, table] of Object.entries(sqliteTables)) {
      expect({ table: name, columns: postgresTables[name]?.columns }).toEqual({ table: name, columns: table.columns });
    }
  });

  it('gives each table the same primary key, unique, foreign-key and check constraints', () => {
    for (const [name, table] of Object.entries(sqliteTables)) {
      const other = postgresTables[name];
      expect({ table: name, primaryKey: other?.primaryKey, unique: other?.unique, foreignKeys: other?.foreignKeys, checks: other?.checks }).toEqual({
        table: name,
        primaryKey: table.primaryKey,
        unique: table.unique,
        foreignKeys: table.foreignKeys,
        checks: table.checks,
      });
    }
  });

  it('gives each table the same indexes (columns, uniqueness, partial conditions), but for the listed engine-only ones', () => {
    for (const [name, table] of Object.entries(sqliteTables)) {
      expect({ table: name, indexes: postgresTables[name]?.indexes }).toEqual({ table: name, indexes: table.indexes.filter((index) => !SQLITE_ONLY_INDEXES.includes(index)) });
    }
    expect(sqliteTables.users?.indexes).toEqual(expect.arrayContaining(SQLITE_ONLY_INDEXES));
  });

  it('guards the same tables with triggers on both engines', () => {
    const guarded = (tables: SchemaShape) => Object.keys(tables).filter((name) => (tables[name]?.triggers.length ?? 0) > 0).sort();
    expect(guarded(postgresTables)).toEqual(guarded(sqliteTables));
    expect(guarded(sqliteTables)).toEqual(['bets', 'deposits', 'ledger', 'lotto_draws', 'sports_games', 'users', 'withdrawals']);
  });

  it('keeps every amount in centavos 64-bit on PostgreSQL (SQLite integers are)', async () => {
    const narrow = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name LIKE '%centavos' AND data_type <> 'bigint'`.execute(postgres.store.db);
    expect(narrow.rows).toEqual([]);
  });
});
