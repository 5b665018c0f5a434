import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DB = Database.Database;

export const BUSY_TIMEOUT_MS = 5_000;

/** What the system says, in words, for the codes a data folder that cannot be used gives. */
const FOLDER_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'the database path is a folder',
  ENOSPC: 'the disk is full',
  ENOENT: 'no such folder',
  SQLITE_CANTOPEN: 'SQLite cannot open the file there',
  SQLITE_READONLY: 'the file or its folder is read-only',
  SQLITE_FULL: 'the disk is full',
  SQLITE_NOTADB: 'the file is not a SQLite database',
};

/**
 * The one line the API prints when its data folder (the SQLite file's, which also keeps the
 * uploads and demo mode's secret) cannot be opened at start — with the folder, the file and what
 * was refused — or null when `error` is something else (docs/decisions/181).
 */
export function dataFolderProblem(error: unknown, databasePath: string): string | null {
  const raw = (error as { code?: unknown } | null)?.code;
  if (typeof raw !== 'string') return null;
  const code = Object.keys(FOLDER_CODES).find((known) => raw === known || raw.startsWith(`${known}_`));
  if (!code) return null;
  const folder = dirname(resolve(databasePath));
  return `Cannot open the data folder ${folder}: ${FOLDER_CODES[code] ?? code} (${raw}) for DATABASE_PATH=${databasePath}. Give the API's user a folder it can write (DATABASE_PATH), or fix that folder's owner and permissions.`;
}

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
