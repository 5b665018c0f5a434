import { BET_STATUS, GAME_STATUS } from '@suwerte/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPlayer, createTestGame } from '../../testing/sports';
import { sql } from 'kysely';
import { moneyChange } from '../../db/money';
import { readBalance } from '../ledger/ledger';
import { placeSportsBet } from './betting';
import { loadSportsTimings } from './config';

// Short periods: 300 ms quarters, 200 ms overtimes (the timer ticks every 50 ms).
const QUARTER_MS = 300;
const OVERTIME_MS = 200;

let t: TestApp;
beforeEach(async () => {
  vi.stubEnv('SPORTS_QUARTER_MS', String(QUARTER_MS));
  vi.stubEnv('SPORTS_OVERTIME_MS', String(OVERTIME_MS));
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
  vi.unstubAllEnvs();
});

interface GameState {
  status: number;
  periods: string;
}
const stateOf = async (id: string) => (await sql<GameState>`SELECT status, periods FROM sports_games WHERE id = ${id}`.execute(t.store.db)).rows[0];
const betStatus = async (id: string) => (await sql<{ status: number }>`SELECT status FROM bets WHERE id = ${id}`.execute(t.store.db)).rows[0]?.status;
const placeBet = (bet: Omit<Parameters<typeof placeSportsBet>[1], 'now'>) => moneyChange(t.store, (q) => placeSportsBet(q, { ...bet, now: t.clock.now() }));

/** Waits (real time) until the timer has moved the game to `status`, with nobody reading it. */
async function waitForStatus(id: string, status: number): Promise<GameState> {
  for (let waited = 0; waited < 5_000; waited += 25) {
    const state = await stateOf(id);
    if (state && state.status === status) return state;
    await sleep(25);
  }
  throw new Error(`game ${id} never reached status ${status} (now ${(await stateOf(id))?.status})`);
}

describe('the progression timer', () => {
  it('reads its timings from the environment and refuses bad ones', () => {
    expect(loadSportsTimings({ SPORTS_QUARTER_MS: '', SPORTS_OVERTIME_MS: '250' })).toEqual({ quarterMs: 720_000, overtimeMs: 250 });
    expect(() => loadSportsTimings({ SPORTS_QUARTER_MS: '50' })).toThrow(/SPORTS_QUARTER_MS: must be at least 100 ms/);
    expect(() => loadSportsTimings({ SPORTS_OVERTIME_MS: 'soon' })).toThrow(/SPORTS_OVERTIME_MS/);
  });

  it('advances quarters, closes betting, draws results and settles bets while the API listens', async () => {
    const player = await createPlayer(t, 'timerbettor', 1_000);
    const game = await createTestGame(t, { inMinutes: 1 });
    const { betId } = await placeBet({ userId: player.id, subGameId: game.Ending._id, picks: [5, 2, 1], amountCentavos: 1_000 });
    const loser = (await placeBet({ userId: player.id, subGameId: game.Ending._id, picks: [0, 0, 4], amountCentavos: 1_000 })).betId;
    await t.app.listen({ port: 0, host: '127.0.0.1' });

    // Tip-off, then the first quarter ends: its result is drawn (from the plan) and its bet paid.
    t.clock.set(new Date(Date.parse(game.Schedule) + 10));
    await waitForStatus(game._id, GAME_STATUS.Q1);
    t.clock.set(new Date(Date.parse(game.Schedule) + QUARTER_MS + 10));
    const q2 = await waitForStatus(game._id, GAME_STATUS.Q2);
    expect(JSON.parse(q2.periods)).toHaveLength(1);
    expect(await betStatus(betId)).toBe(BET_STATUS.WIN);
    expect(await betStatus(loser)).toBe(BET_STATUS.ONGOING);
    expect(await readBalance(t.store.db, player.id)).toBe(100_000 - 2_000 + 70_000);
    // Q1 has started: its bets are refused now.
    await expect(placeBet({ userId: player.id, subGameId: game.Ending._id, picks: [1, 1, 1], amountCentavos: 1_000 })).rejects.toThrow('BETTING CLOSED FOR THAT QUARTER');

    // The whole game (level after Q4: one overtime), every bet settled.
    t.clock.set(new Date(Date.parse(game.Schedule) + 4 * QUARTER_MS + OVERTIME_MS + 10));
    const done = await waitForStatus(game._id, GAME_STATUS.COMPLETED);
    expect(JSON.parse(done.periods)).toHaveLength(5);
    expect(await betStatus(loser)).toBe(BET_STATUS.LOSE);
  });

  it('stops with the API', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const game = await createTestGame(t, { inMinutes: 1 });
    await t.app.close();
    t.clock.set(new Date(Date.parse(game.Schedule) + 10 * QUARTER_MS));
    await sleep(200);
    expect((await stateOf(game._id))?.status).toBe(GAME_STATUS.SCHEDULED);
  });
});
