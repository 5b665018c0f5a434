import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readBalance, readEntries, readLedgerSum } from '../features/ledger/ledger';
import { TEST_SECRET } from '../testing/test-app';
import { openDatabase, type DB } from './database';
import { MIGRATIONS, migrate, schemaVersion } from './migrations';
import { DEMO_OPERATOR, DEMO_PLAYER, HOUSE, seed } from '../features/seed/seed';
import { openSqliteStore } from './store';
import { HOUSE_ROLE, userByReferralCode, userByUsername } from './users';

let dir: string;
let db: DB;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'suwerte-db-test-'));
  db = openDatabase(join(dir, 'nested', 'folder', 'db.sqlite'));
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;

describe('database', () => {
  it('opens with WAL, foreign keys and a busy timeout, creating missing folders', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('migrates idempotently, versioned with user_version', () => {
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db)).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
  });

  it('refuses a database from a newer build', () => {
    const other = openDatabase(':memory:');
    other.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(other)).toThrow(/newer/);
    other.close();
  });

  it("guards the balance with the player's last entry, found by index, also on a database migrated from version 4", () => {
    const old = openDatabase(':memory:');
    MIGRATIONS.slice(0, 4).forEach((step) => old.exec(step));
    old.pragma('user_version = 4');
    const addUser = (id: string) =>
      old
        .prepare(`INSERT INTO users (id, username, password_hash, role, referral_code, created_at, updated_at) VALUES (?, ?, 'x', 420, ?, 'x', 'x')`)
        .run(id, `user-${id}`, `CODE-${id}`);
    let entry = 0;
    const post = (userId: string, amount: number, after: number) =>
      old
        .prepare(`INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, created_at) VALUES (?, ?, ?, ?, 'deposit', '2026-01-01T00:00:00.000Z')`)
        .run(`entry-${(entry += 1)}`, userId, amount, after);
    const balanceOf = (id: string) => (old.prepare('SELECT balance_centavos AS n FROM users WHERE id = ?').get(id) as { n: number }).n;
    addUser('a');
    addUser('empty');
    post('a', 5_000, 5_000);
    post('a', -1_000, 4_000);
    expect(migrate(old)).toEqual({ from: 4, to: MIGRATIONS.length });

    post('a', 2_500, 6_500);
    expect(balanceOf('a')).toBe(6_500);
    expect(() => old.prepare('UPDATE users SET balance_centavos = 1000000 WHERE id = ?').run('a')).toThrow(/sum of the ledger/);
    expect(() => old.prepare('UPDATE users SET balance_centavos = 4000 WHERE id = ?').run('a')).toThrow(/sum of the ledger/);
    expect(() => old.prepare('UPDATE users SET balance_centavos = 1 WHERE id = ?').run('empty')).toThrow(/sum of the ledger/);
    old.prepare('UPDATE users SET balance_centavos = balance_centavos WHERE id IN (?, ?)').run('a', 'empty');
    expect(balanceOf('a')).toBe(6_500);

    // The guard's lookup walks one player's index entries from the newest: no scan of the ledger, no sort.
    const trigger = (old.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_balance_is_ledger_sum'`).get() as { sql: string }).sql;
    expect(trigger).not.toMatch(/SUM\(/i);
    const lookup = /\(SELECT balance_after_centavos FROM ledger[^)]*\)/.exec(trigger)?.[0];
    expect(lookup).toBeDefined();
    const plan = (old.prepare(`EXPLAIN QUERY PLAN SELECT ${(lookup ?? '').replace('NEW.id', '?')}`).all('a') as { detail: string }[]).map((row) => row.detail);
    expect(plan.some((detail) => /SEARCH ledger USING (COVERING )?INDEX ledger_by_user_in_order \(user_id=\?\)/.test(detail))).toBe(true);
    expect(plan.some((detail) => /TEMP B-TREE|SCAN ledger/.test(detail))).toBe(false);
    old.close();
  });

  it('seeds the demo data; seeding twice duplicates nothing', async () => {
    const now = new Date('2025-06-01T08:00:00.000Z');
    // The seed runs on the store (the async query layer) over the same handle.
    const store = openSqliteStore(db);
    await seed(store, { demo: true, now });
    const users = count('SELECT COUNT(*) AS n FROM users');
    const entries = count('SELECT COUNT(*) AS n FROM ledger');
    await seed(store, { demo: true, now });
    await Promise.all([seed(store, { demo: true, now }), seed(store, { demo: true, now })]);
    expect(count('SELECT COUNT(*) AS n FROM users')).toBe(users);
    expect(count('SELECT COUNT(*) AS n FROM ledger')).toBe(entries);
    expect(count('SELECT COUNT(*) AS n FROM jackpot')).toBe(1);
    expect(users).toBe(3);
    expect(entries).toBe(1);

    const demo = await userByUsername(store.db, DEMO_PLAYER.username);
    expect(demo).toMatchObject({ role: 420, fullname: 'Juan Dela Cruz', email: 'juan@example.com', contactnumber: '09171234567' });
    expect(await readBalance(store.db, demo?.id ?? '')).toBe(500_000);
    expect(await readLedgerSum(store.db, demo?.id ?? '')).toBe(500_000);
    // Dated before the demo week (decision 192).
    const openedAt = new Date(now.getTime() - DEMO_PLAYER.openingHoursAgo * 3_600_000).toISOString();
    expect((await readEntries(store.db, demo?.id ?? ''))[0]).toMatchObject({ kind: 'deposit', description: 'Opening balance', createdAt: openedAt });
    expect((await userByUsername(store.db, DEMO_OPERATOR.username))?.role).toBe(1);
    expect((await userByReferralCode(store.db, 'SUWERTE'))?.username).toBe(HOUSE.username);
    expect((await userByReferralCode(store.db, 'suwerte'))?.username).toBe(HOUSE.username);
  });

  it('stores no password in clear', () => {
    const rows = db.prepare('SELECT username, password_hash FROM users').all() as { username: string; password_hash: string }[];
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain('suwerte123');
      expect(row.password_hash).not.toContain('operator123');
    }
  });

  it('keeps the data across an app restart on the same file, without re-seeding', async () => {
    const path = join(dir, 'restart.sqlite');
    const ledgerCounts: number[] = [];
    for (let run = 0; run < 2; run += 1) {
      const app = await buildApp({ mode: 'demo', database: path, jwtSecret: TEST_SECRET });
      const response = await app.inject({ method: 'POST', url: '/player/login', payload: { username: 'demoplayer', password: 'suwerte123' } });
      expect(response.statusCode).toBe(200);
      await app.close();
      const reopened = openDatabase(path);
      ledgerCounts.push((reopened.prepare('SELECT COUNT(*) AS n FROM ledger').get() as { n: number }).n);
      reopened.close();
    }
    // The second start seeds nothing (every feature's demo data included).
    expect(ledgerCounts[1]).toBe(ledgerCounts[0]);
  });

  it('production mode seeds nothing but the house account (the default referral code), which is no operator', async () => {
    const bare = openDatabase(':memory:');
    const bareStore = openSqliteStore(bare);
    const app = await buildApp({ mode: 'production', database: bareStore, jwtSecret: TEST_SECRET });
    expect(await userByUsername(bareStore.db, DEMO_PLAYER.username)).toBeUndefined();
    expect(await userByUsername(bareStore.db, 'operator1')).toBeUndefined();
    expect((bare.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
    expect((await userByReferralCode(bareStore.db, 'SUWERTE'))?.role).toBe(HOUSE_ROLE);
    expect((bare.prepare('SELECT COUNT(*) AS n FROM ledger').get() as { n: number }).n).toBe(0);
    expect((await app.inject({ url: '/jackpot' })).json()).toEqual([]);
    expect((bare.prepare('SELECT COUNT(*) AS n FROM payment_options').get() as { n: number }).n).toBe(0);
    expect((bare.prepare('SELECT COUNT(*) AS n FROM lotto_draws').get() as { n: number }).n).toBe(0);
    await app.close();
    expect(bare.open).toBe(true); // a database passed in is left open
    bare.close();
  });
});
