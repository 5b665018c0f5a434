import { BET_STATUS, KARERA_BET_FAILED_TEXT, type KareraRoundState } from '@suwerte/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moneyChange, transaction } from '../../db/money';
import { KareraClient, serverUrl, ticketFor } from '../../testing/karera';
import { registeredPlayer } from '../../testing/players';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readBalance, readLedgerSum } from '../ledger/ledger';
import { openRound, recordBet } from './rounds';

// Video Karera on one SQLite node: its own mechanics (a failed group COMMIT) and the restart of
// the only node (a round a crash left open is voided, its stakes returned).

let t: TestApp;
const clients: KareraClient[] = [];

beforeEach(async () => {
  vi.stubEnv('KARERA_BETTING_MS', '500');
  vi.stubEnv('KARERA_CLOSED_MS', '200');
  vi.stubEnv('KARERA_RESULT_MS', '200');
  t = await createTestApp();
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.close();
  await t.close();
  vi.unstubAllEnvs();
});

async function join(username: string, token: string): Promise<KareraClient> {
  const client = new KareraClient(serverUrl(t.app), { username, accesstoken: await ticketFor(serverUrl(t.app), token) });
  clients.push(client);
  await client.connected();
  return client;
}

const balanceOf = (userId: string) => readBalance(t.store.db, userId);
const ledgerSum = (userId: string) => readLedgerSum(t.store.db, userId);

async function betsOf(userId: string): Promise<number> {
  const row = await t.store.db.selectFrom('bets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Video Karera on one SQLite node', () => {
  it('answers Bet Failed after a COMMIT that failed: nothing debited, nothing counted in the totals', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ana = await registeredPlayer(t, 'anaplayer', 1_000);
    const a = await join('anaplayer', ana.token);
    const { roundId } = await a.next<{ roundId: string }>('startbetting', { from: a.mark, timeoutMs: 3_000 });
    // A deferred foreign key is checked at COMMIT: every group holding a bet fails to commit, as SQLite really does.
    await sql`CREATE TABLE commit_guard (user_id TEXT REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(t.store.db);
    await sql`CREATE TRIGGER bets_break_commit AFTER INSERT ON bets BEGIN INSERT INTO commit_guard (user_id) VALUES ('no such user'); END`.execute(t.store.db);
    expect(await a.betAndWait(1, 100)).toEqual({ event: 'betfailed', payload: { message: KARERA_BET_FAILED_TEXT } });
    expect(await balanceOf(ana.id)).toBe(100_000);
    expect(await ledgerSum(ana.id)).toBe(100_000);
    expect(await betsOf(ana.id)).toBe(0);
    const watcher = await join('anaplayer', ana.token);
    expect(await watcher.next<KareraRoundState>('roundstate')).toMatchObject({ totals: [0, 0], stakes: [0, 0] });
    expect(a.events.filter((e) => e.event === 'totalbet' && (e.payload as number[]).some((total) => total > 0))).toEqual([]);

    await sql`DROP TRIGGER bets_break_commit`.execute(t.store.db);
    await a.next('startbetting', { from: a.mark, where: (start: { roundId: string }) => start.roundId !== roundId, timeoutMs: 3_000 });
    expect(await a.betAndWait(2, 40)).toMatchObject({ event: 'betsuccessful', payload: { Balance: 960 } });
    expect(await balanceOf(ana.id)).toBe(96_000);
  });

  it('returns the stakes of a round a crash left open when it starts again', async () => {
    const ana = await registeredPlayer(t, 'anaplayer', 1_000);
    const now = t.clock.now();
    const roundId = await transaction(t.store, (q) => openRound(q, now));
    const { betId } = await moneyChange(t.store, (q) => recordBet(q, { roundId, userId: ana.id, side: 2, stakeCentavos: 30_000, now }));
    expect(await balanceOf(ana.id)).toBe(70_000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The leftover is voided before the first round opens (the rounds start once the API listens).
    const a = await join('anaplayer', ana.token);
    const { roundId: next } = await a.next<{ roundId: string }>('startbetting', { timeoutMs: 3_000 });
    expect(next).not.toBe(roundId);
    expect(await t.store.db.selectFrom('bets').select(['status', 'payout_centavos']).where('id', '=', betId).executeTakeFirst()).toMatchObject({
      status: BET_STATUS.RETURN,
      payout_centavos: 30_000,
    });
    expect(await balanceOf(ana.id)).toBe(100_000);
    expect(await ledgerSum(ana.id)).toBe(100_000);
  });
});
