import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DB = Database.Database;

export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) the SQLite database: WAL journal, synchronous FULL, foreign keys on, a busy
 * timeout so concurrent writers wait instead of failing. `:memory:` is allowed.
 * Call `migrate(db)` (src/db/migrations.ts) before use; `buildApp` does.
 */
export function openDatabase(path: string): DB {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory && !path.startsWith('file:')) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    if (!inMemory) db.pragma('journal_mode = WAL');
    // Money: a commit the API reported is on disk, also after a power cut (NORMAL may lose the last ones in WAL mode).
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (error) {
    db.close();
    throw error;
  }
  cacheStatements(db);
  return db;
}

/**
 * Compiles each SQL text once per connection. Features call `db.prepare(sql)` where they use
 * it; without the cache every bet would recompile its INSERTs (~0.1 ms each), which is what
 * limits a burst of 1,000 simultaneous Video Karera bets. Statements are only ever used in
 * their default mode here (no pluck/raw/expand), so sharing them is safe.
 */
function cacheStatements(db: DB): void {
  const cache = new Map<string, Database.Statement>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }) as DB['prepare'];
}
