import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DB = Database.Database;

export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) the SQLite database: WAL journal, foreign keys on, a busy
 * timeout so concurrent writers wait instead of failing. `:memory:` is allowed.
 * Call `migrate(db)` (src/db/migrations.ts) before use; `buildApp` does.
 */
export function openDatabase(path: string): DB {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory && !path.startsWith('file:')) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    if (!inMemory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
