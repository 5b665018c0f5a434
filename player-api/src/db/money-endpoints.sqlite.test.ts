import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBalance, readLedgerSum } from '../features/ledger/ledger';
import { cashOut as cashOutOf } from '../testing/money';
import { newPlayer } from '../testing/players';
import { createTestApp, type TestApp } from '../testing/test-app';

// SQLite's group commit failing at COMMIT, seen from the endpoints (the suite's PostgreSQL run leaves *.sqlite.test.ts out).
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const cashOut = (headers: { authorization: string }, pesos: number) => cashOutOf(t, headers, pesos);

describe('a group whose COMMIT fails', () => {
  it('answers 500 to each of its requests and holds nothing', async () => {
    if (t.store.engine !== 'sqlite') throw new Error('this file runs on SQLite only');
    // A deferred foreign key is checked at COMMIT: a dangling row makes the group's COMMIT fail.
    await sql`CREATE TABLE commit_guard (user_id TEXT REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(t.store.db);
    const player = await newPlayer(t, 1_000);
    await sql`CREATE TRIGGER withdrawals_break_commit AFTER INSERT ON withdrawals BEGIN INSERT INTO commit_guard (user_id) VALUES ('no such user'); END`.execute(t.store.db);
    const responses = await Promise.all(Array.from({ length: 3 }, () => cashOut(player.headers, 100)));
    expect(responses.map((response) => response.statusCode)).toEqual([500, 500, 500]);
    expect(await readBalance(t.store.db, player.id)).toBe(100_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(100_000);
    expect(await t.store.db.selectFrom('withdrawals').select('id').where('user_id', '=', player.id).execute()).toEqual([]);

    await sql`DROP TRIGGER withdrawals_break_commit`.execute(t.store.db);
    const response = await cashOut(player.headers, 100);
    expect(response.statusCode).toBe(201);
    expect(await readBalance(t.store.db, player.id)).toBe(90_000);
  });
});
