import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BUSY_TIMEOUT_MS, type DB } from './database';
import { MIGRATIONS, schemaVersion } from './migrations';

/**
 * Backups of the SQLite database (docs/decisions/182), always through SQLite's online backup API
 * (better-sqlite3's `backup`): it copies the database as one consistent snapshot while the API
 * keeps working, write-ahead log included — a copy of the file alone misses what the log holds.
 * PostgreSQL is backed up with its own tools (`pg_dump`, README "Operators").
 */

/** The folder beside the database that keeps the automatic backups. */
export const BACKUPS_FOLDER = 'backups';
/** How many automatic backups (before a schema change, before a restore) are kept; the oldest go. */
export const AUTOMATIC_BACKUPS_KEPT = 5;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** The schema version the backup holds (`PRAGMA user_version`). */
  schemaVersion: number;
}

/** A file name's time part: sortable, no colons (they trouble some file systems and shells). */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Writes an online backup of `db` to `file` (refused when `file` exists: a backup never
 * overwrites another), written under a temporary name and renamed when whole, then checked.
 */
export async function backupDatabase(db: DB, file: string): Promise<BackupSummary> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: a backup never overwrites a file; name another one`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    await db.backup(partial);
    // One self-contained file (no write-ahead log beside it) to carry, keep or restore.
    const written = new Database(partial);
    try {
      written.pragma('journal_mode = DELETE');
    } finally {
      written.close();
    }
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`Could not write the backup ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return checkBackup(target);
}

/** Opens a backup read-only and checks it whole (`PRAGMA integrity_check`): what a restore would bring back. */
export function checkBackup(file: string): BackupSummary {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`${path} does not exist`);
  let handle: DB;
  try {
    handle = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${path} cannot be opened as a SQLite database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const result = handle.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${path} is damaged (integrity check: ${String(result)})`);
    const version = schemaVersion(handle);
    if (version === 0) throw new BackupError(`${path} holds no Suwerte data (schema version 0)`);
    if (version > MIGRATIONS.length) throw new BackupError(`${path} has schema version ${version}, newer than this build knows (${MIGRATIONS.length}): restore it with the build that made it`);
    return { file: path, bytes: statSync(path).size, schemaVersion: version };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${path} cannot be read as a SQLite database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    handle.close();
  }
}

/** Where the automatic backups of the database at `databasePath` go. */
export function automaticBackupsFolder(databasePath: string): string {
  return join(dirname(resolve(databasePath)), BACKUPS_FOLDER);
}

/** An automatic backup of `db` beside it (`<folder>/backups/<name>-<time>-<why>.sqlite`); the oldest beyond AUTOMATIC_BACKUPS_KEPT go. */
export async function automaticBackup(db: DB, why: string, now: Date = new Date()): Promise<BackupSummary> {
  const folder = automaticBackupsFolder(db.name);
  const name = basename(db.name).replace(/\.sqlite3?$/i, '');
  const summary = await backupDatabase(db, join(folder, `${name}-${stamp(now)}-${why}.sqlite`));
  const prefix = `${name}-`;
  const automatic = readdirSync(folder)
    .filter((file) => file.startsWith(prefix) && file.endsWith('.sqlite'))
    .sort();
  for (const old of automatic.slice(0, Math.max(0, automatic.length - AUTOMATIC_BACKUPS_KEPT))) rmSync(join(folder, old), { force: true });
  return summary;
}

/**
 * Refuses when another connection has the database open (the API, an operator command): in WAL
 * mode every open connection holds a shared lock on the file, so an exclusive lock is had only
 * when this is the only one.
 */
export function assertNotInUse(databasePath: string): void {
  if (!existsSync(databasePath)) return;
  const handle = new Database(databasePath, { timeout: Math.min(BUSY_TIMEOUT_MS, 1_000) });
  try {
    handle.pragma('locking_mode = EXCLUSIVE');
    handle.exec('BEGIN EXCLUSIVE');
    handle.exec('COMMIT');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) {
      throw new BackupError(`${databasePath} is in use (the player API or an operator command has it open): stop the API first, then restore`);
    }
    throw error;
  } finally {
    handle.close();
  }
}

export interface RestoreSummary {
  restored: BackupSummary;
  /** The automatic backup of what the database held before, when it held anything. */
  previous: BackupSummary | null;
}

/**
 * Puts `backupFile` back as the database at `databasePath`, with the API stopped: the backup is
 * checked first, the database's current content is itself backed up (`…-before-restore.sqlite`), then
 * the backup is copied in through the online backup API (which replaces the pages and the
 * write-ahead log together; a file copy over a live WAL database can corrupt it).
 */
export async function restoreDatabase(backupFile: string, databasePath: string, now: Date = new Date()): Promise<RestoreSummary> {
  const restored = checkBackup(backupFile);
  const target = resolve(databasePath);
  if (restored.file === target) throw new BackupError('the backup is the database itself');
  assertNotInUse(target);
  let previous: BackupSummary | null = null;
  if (existsSync(target)) {
    const current = new Database(target, { timeout: BUSY_TIMEOUT_MS });
    try {
      if (schemaVersion(current) > 0) previous = await automaticBackup(current, 'before-restore', now);
    } finally {
      current.close();
    }
  }
  mkdirSync(dirname(target), { recursive: true });
  const source = new Database(restored.file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  return { restored, previous };
}
