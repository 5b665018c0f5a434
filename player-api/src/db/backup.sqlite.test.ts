import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES, buildApp } from '../app';
import { runOperatorCommand } from '../features/operator/cli';
import { GENEROUS_LIMITS, TEST_SECRET, bearer } from '../testing/test-app';
import { BACKUPS_FOLDER, checkBackup } from './backup';
import { openDatabase } from './database';
import { migrate, migrateFeature } from './migrations';
import { DEMO_PLAYER } from '../features/seed/seed';

// Issue 36, "data safety": an operator's online backup of the SQLite database (SQLite's backup
// API, never a file copy: a copy of the live file loses what its write-ahead log holds) and its
// restore; an automatic backup, logged, before a schema change.

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-backup-'));
  dirs.push(dir);
  return dir;
}

/** The API on the SQLite file `path` (demo data; it opens and closes the file itself), its log lines kept. */
async function startApi(path: string): Promise<{ app: FastifyInstance; log: { msg: string }[] }> {
  const log: { msg: string }[] = [];
  const app = await buildApp({
    mode: 'demo',
    database: path,
    jwtSecret: TEST_SECRET,
    loginLimits: GENEROUS_LIMITS,
    demoSlate: false,
    logger: { level: 'info', stream: { write: (line: string) => void log.push(JSON.parse(line) as { msg: string }) } },
  });
  apps.push(app);
  await app.ready();
  return { app, log };
}

async function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'POST', url: '/player/login', payload: { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password } });
  return bearer(response.json<{ accesstoken: string }>().accesstoken);
}

/** A withdrawal of `pesos` by the demo player: one money change (a ledger entry holds it). */
async function withdraw(app: FastifyInstance, headers: Record<string, string>, pesos: number): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/transaction/cashout/instapay',
    headers,
    payload: { Amount: pesos, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
  });
  expect(response.statusCode).toBe(201);
}

const balanceIn = (file: string): number => {
  const handle = new Database(file, { readonly: true });
  try {
    return (handle.prepare('SELECT balance_centavos AS b FROM users WHERE username = ?').get(DEMO_PLAYER.username) as { b: number }).b;
  } finally {
    handle.close();
  }
};
/** Amounts of the test's withdrawals, in pesos: none of the demo data's. */
const AMOUNTS = [123, 257, 311];
/** The test's withdrawals in the database `file` (the demo week has withdrawals of its own). */
const withdrawalsIn = (file: string): number => {
  const handle = new Database(file, { readonly: true });
  try {
    return (handle.prepare(`SELECT COUNT(*) AS n FROM withdrawals WHERE amount_centavos IN (${AMOUNTS.map((pesos) => pesos * 100).join(', ')})`).get() as { n: number }).n;
  } finally {
    handle.close();
  }
};

describe('backup and restore (operator command line)', () => {
  it('backs up online while the API runs, every committed change included — a copy of the file misses those in its log', async () => {
    const dir = dataFolder();
    const database = join(dir, 'suwerte.sqlite');
    const { app } = await startApi(database);
    const headers = await signIn(app);
    // Everything so far in the database file itself; the next changes only in its write-ahead log.
    const handle = openDatabase(database);
    handle.pragma('wal_checkpoint(TRUNCATE)');
    handle.close();
    await withdraw(app, headers, 123);
    await withdraw(app, headers, 257);

    const copy = join(dir, 'copy.sqlite');
    copyFileSync(database, copy);
    expect(withdrawalsIn(copy), 'a plain copy of the live file').toBe(0);

    const backup = join(dir, 'kept', 'suwerte-backup.sqlite');
    const result = await runOperatorCommand(['backup', backup], { DATABASE_PATH: database });
    expect(result).toEqual({ code: 0, lines: [expect.stringMatching(new RegExp(`^Backed up ${database} to ${backup} \\(\\d+ KB, schema version \\d+, checked whole\\)\\.$`))] });
    expect(withdrawalsIn(backup)).toBe(2);
    expect(checkBackup(backup).schemaVersion).toBeGreaterThan(0);
    // A backup never overwrites another.
    expect(await runOperatorCommand(['backup', backup], { DATABASE_PATH: database })).toEqual({ code: 1, lines: [`${backup} already exists: a backup never overwrites a file; name another one`] });
  });

  it('restores with the API stopped — refused while it runs — and backs up what it replaces', async () => {
    const dir = dataFolder();
    const database = join(dir, 'suwerte.sqlite');
    const { app } = await startApi(database);
    const headers = await signIn(app);
    await withdraw(app, headers, 123);
    const backup = join(dir, 'before-the-mistake.sqlite');
    expect((await runOperatorCommand(['backup', backup], { DATABASE_PATH: database })).code).toBe(0);
    const balanceAtBackup = balanceIn(backup);
    await withdraw(app, headers, 311);

    const refused = await runOperatorCommand(['restore', backup], { DATABASE_PATH: database });
    expect(refused).toEqual({ code: 1, lines: [`${database} is in use (the player API or an operator command has it open): stop the API first, then restore`] });

    await app.close();
    apps.splice(apps.indexOf(app), 1);
    const restored = await runOperatorCommand(['restore', backup], { DATABASE_PATH: database });
    expect(restored.code).toBe(0);
    expect(restored.lines[0]).toMatch(new RegExp(`^Restored ${database} from ${backup} \\(schema version \\d+\\); start the API again\\.$`));
    const kept = readdirSync(join(dir, BACKUPS_FOLDER)).filter((name) => name.endsWith('-before-restore.sqlite'));
    expect(kept).toHaveLength(1);
    expect(restored.lines[1]).toBe(`What it held before is backed up in ${join(dir, BACKUPS_FOLDER, kept[0] ?? '')}.`);

    // The API starts on the restored data: the balance of the backup's moment, the later withdrawal gone.
    expect(withdrawalsIn(database)).toBe(1);
    const again = await startApi(database);
    const account = await again.app.inject({ url: '/account/', headers: await signIn(again.app) });
    expect(Math.round(account.json<{ balance: number }>().balance * 100)).toBe(balanceAtBackup);
    // …and what the restore replaced is in its own backup.
    expect(withdrawalsIn(join(dir, BACKUPS_FOLDER, kept[0] ?? ''))).toBe(2);
  });

  it('refuses a file that is no backup, and points PostgreSQL to pg_dump', async () => {
    const dir = dataFolder();
    const notABackup = join(dir, 'notes.sqlite');
    new Database(notABackup).close();
    expect(await runOperatorCommand(['restore', notABackup], { DATABASE_PATH: join(dir, 'suwerte.sqlite') })).toEqual({
      code: 1,
      lines: [`${notABackup} holds no Suwerte data (schema version 0)`],
    });
    const onPostgres = await runOperatorCommand(['backup', join(dir, 'x.sqlite')], { DATABASE_URL: 'postgres://suwerte:secret@127.0.0.1:1/suwerte' });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.lines[0]).toMatch(/^On PostgreSQL back up with pg_dump/);
  });
});

describe('a schema change', () => {
  it('is preceded by an online backup of the database as it was, and logged; a current schema takes none', async () => {
    const dir = dataFolder();
    const database = join(dir, 'suwerte.sqlite');
    // The database as the build before the readiness check left it: every table but that feature's.
    const old = openDatabase(database);
    migrate(old);
    for (const feature of FEATURES) if (feature.migrations && feature.name !== 'health') migrateFeature(old, feature.name, feature.migrations);
    old.close();

    const { app, log } = await startApi(database);
    const backups = readdirSync(join(dir, BACKUPS_FOLDER));
    expect(backups).toEqual([expect.stringMatching(/^suwerte-\d{4}-\d\d-\d\dT[\d-]+Z-before-migration\.sqlite$/)]);
    const backup = join(dir, BACKUPS_FOLDER, backups[0] ?? '');
    expect(log.map((line) => line.msg)).toContain(`schema changed (feature health 0 → 1); the database as it was is backed up in ${backup}`);
    // The backup is the database before the change, whole; the database has the change.
    const tablesOf = (file: string) => {
      const handle = new Database(file, { readonly: true });
      try {
        return (handle.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
      } finally {
        handle.close();
      }
    };
    expect(checkBackup(backup).schemaVersion).toBeGreaterThan(0);
    expect(tablesOf(backup)).not.toContain('readiness_probe');
    expect(tablesOf(database)).toContain('readiness_probe');

    await app.close();
    apps.splice(apps.indexOf(app), 1);
    const again = await startApi(database);
    expect(readdirSync(join(dir, BACKUPS_FOLDER))).toHaveLength(1);
    expect(again.log.some((line) => line.msg.startsWith('schema changed'))).toBe(false);
    expect(existsSync(join(dir, BACKUPS_FOLDER, `${backups[0] ?? ''}.partial`))).toBe(false);
  });
});
