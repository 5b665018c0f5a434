import { BET_STATUS, BetHistorySchema, TransactionHistorySchema } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyChange, transaction } from '../../db/money';
import type { Store } from '../../db/store';
import { PLAYER_ROLE, createUser, userByUsername } from '../../db/users';
import { REGISTERED_PASSWORD, registeredPlayer } from '../../testing/players';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { openTestStore, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { InsufficientFundsError, appendEntry, readBalance, readLedgerSum } from '../ledger/ledger';
import { kareraFeature } from './feature';
import { RoundClosedError, closeBetting, openNextRound, openRound, openRounds, previousWinners, recordBet, settleRound, voidOpenRounds, voidRound, type NewKareraBet } from './rounds';

/** Settlement on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`Video Karera settlement on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  let store: Store;
  const now = new Date('2026-03-01T08:00:00.000Z');

  beforeEach(async () => {
    t = await openTestStore([betsFeature, kareraFeature]);
    store = t.store;
  });
  afterEach(async () => {
    await t.close();
  });

  /** A fresh player with `pesos` on the account: their id. */
  async function player(username: string, pesos: number): Promise<string> {
    const { id } = await createUser(store.db, { username, passwordHash: 'x', role: PLAYER_ROLE, now });
    await moneyChange(store, (q) => appendEntry(q, { userId: id, amountCentavos: pesos * 100, kind: 'deposit', description: 'Test funds', at: now }));
    return id;
  }
  const open = () => transaction(store, (q) => openRound(q, now));
  const bet = (input: NewKareraBet) => moneyChange(store, (q) => recordBet(q, input));
  const settle = (roundId: string, winner: 1 | 2) => transaction(store, (q) => settleRound(q, { roundId, winner, now }));
  const voidIt = (roundId: string) => transaction(store, (q) => voidRound(q, { roundId, now }));
  const balanceOf = (userId: string) => readBalance(store.db, userId);
  const statusOf = (betId: string) => store.db.selectFrom('bets').select(['status', 'payout_centavos']).where('id', '=', betId).executeTakeFirst();

  it('pays the winning side stake + stake × losing ÷ winning − 10 % to the centavo, and nothing to the losers', async () => {
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    const cai = await player('caiplayer', 1_000);
    const roundId = await open();
    const a = await bet({ roundId, userId: ana, side: 1, stakeCentavos: 10_000, now }); // ₱100.00 on UNO
    const b = await bet({ roundId, userId: ben, side: 1, stakeCentavos: 3_333, now }); // ₱33.33 on UNO
    const c = await bet({ roundId, userId: cai, side: 2, stakeCentavos: 5_001, now }); // ₱50.01 on DOS
    expect(a.balanceCentavos).toBe(90_000);

    const settlement = await settle(roundId, 1);
    // UNO total ₱133.33, DOS total ₱50.01.
    // ana: 100 + 100 × 50.01/133.33 − 10 = 127.5078…  → ₱127.50
    // ben: 33.33 + 33.33 × 50.01/133.33 − 3.333 = 42.4984… → ₱42.49
    expect(await statusOf(a.betId)).toEqual({ status: BET_STATUS.WIN, payout_centavos: 12_750 });
    expect(await statusOf(b.betId)).toEqual({ status: BET_STATUS.WIN, payout_centavos: 4_249 });
    expect(await statusOf(c.betId)).toEqual({ status: BET_STATUS.LOSE, payout_centavos: 0 });
    expect(settlement).toMatchObject({ winner: 1, unoTotalCentavos: 13_333, dosTotalCentavos: 5_001, bets: 3, paidCentavos: 16_999 });
    expect(await balanceOf(ana)).toBe(90_000 + 12_750);
    expect(await balanceOf(ben)).toBe(100_000 - 3_333 + 4_249);
    expect(await balanceOf(cai)).toBe(100_000 - 5_001);
    for (const id of [ana, ben, cai]) expect(await readLedgerSum(store.db, id)).toBe(await balanceOf(id));
    expect(await previousWinners(store.db)).toEqual([1]);
  });

  it('refunds the winners in full when nobody bet on the losing side (Return)', async () => {
    const ana = await player('anaplayer', 500);
    const roundId = await open();
    const placed = await bet({ roundId, userId: ana, side: 2, stakeCentavos: 20_000, now });
    await settle(roundId, 2);
    expect(await statusOf(placed.betId)).toEqual({ status: BET_STATUS.RETURN, payout_centavos: 20_000 });
    expect(await balanceOf(ana)).toBe(50_000);
  });

  it('takes the stakes when nobody picked the winner (Lose)', async () => {
    const ana = await player('anaplayer', 500);
    const roundId = await open();
    const placed = await bet({ roundId, userId: ana, side: 1, stakeCentavos: 20_000, now });
    await settle(roundId, 2);
    expect(await statusOf(placed.betId)).toEqual({ status: BET_STATUS.LOSE, payout_centavos: 0 });
    expect(await balanceOf(ana)).toBe(30_000);
  });

  it('settles a round once, never takes a bet above the balance, nor on a closed round', async () => {
    const ana = await player('anaplayer', 50);
    const roundId = await open();
    await expect(bet({ roundId, userId: ana, side: 1, stakeCentavos: 5_001, now })).rejects.toThrow(InsufficientFundsError);
    await bet({ roundId, userId: ana, side: 1, stakeCentavos: 5_000, now });
    await settle(roundId, 1);
    await expect(settle(roundId, 2)).rejects.toThrow(RoundClosedError);
    await expect(voidIt(roundId)).rejects.toThrow(RoundClosedError);
    await expect(bet({ roundId, userId: ana, side: 1, stakeCentavos: 100, now })).rejects.toThrow(RoundClosedError);
    expect(await balanceOf(ana)).toBe(5_000);
  });

  it('settles a round once when two settlements (or a settlement and a void) race', async () => {
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const roundId = await open();
      await bet({ roundId, userId: ana, side: 1, stakeCentavos: 10_000, now });
      await bet({ roundId, userId: ben, side: 2, stakeCentavos: 5_000, now });
      const before = (await balanceOf(ana)) + (await balanceOf(ben));
      const results = await Promise.allSettled([settle(roundId, 1), settle(roundId, 2), voidIt(roundId)]);
      const done = results.filter((result) => result.status === 'fulfilled');
      expect(done).toHaveLength(1);
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(RoundClosedError);
      // Exactly one outcome paid: UNO wins (ana: ₱100 + ₱50 − ₱10), DOS wins (ben: ₱50 + ₱100 − ₱5) or both stakes back.
      const paid = (await balanceOf(ana)) + (await balanceOf(ben)) - before;
      expect([14_000, 14_500, 15_000]).toContain(paid);
      const ledger = await store.db.selectFrom('bets').select(['status']).where('game_id', '=', roundId).execute();
      expect(ledger.every((row) => row.status !== BET_STATUS.ONGOING)).toBe(true);
    }
    for (const id of [ana, ben]) expect(await readLedgerSum(store.db, id)).toBe(await balanceOf(id));
  });

  it('counts every bet committed before the settlement, also bets racing it', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, index) => player(`racer${index}`, 100)));
    const roundId = await open();
    const bets = ids.map((userId, index) => bet({ roundId, userId, side: index % 2 === 0 ? 1 : 2, stakeCentavos: 1_000, now }));
    const settlement = settle(roundId, 1);
    const placed = await Promise.allSettled(bets);
    const { bets: settled } = await settlement;
    for (const result of placed) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(RoundClosedError);
    expect(settled).toBe(placed.filter((result) => result.status === 'fulfilled').length);
    const left = await store.db.selectFrom('bets').select('id').where('game_id', '=', roundId).where('status', '=', BET_STATUS.ONGOING).execute();
    expect(left).toEqual([]);
    for (const id of ids) expect(await readLedgerSum(store.db, id)).toBe(await balanceOf(id));
  });

  it('voids rounds left open: stakes returned, no result', async () => {
    const ana = await player('anaplayer', 300);
    const first = await open();
    const placed = await bet({ roundId: first, userId: ana, side: 1, stakeCentavos: 12_345, now });
    await open();
    expect(await transaction(store, (q) => voidOpenRounds(q, now))).toBe(2);
    expect(await statusOf(placed.betId)).toEqual({ status: BET_STATUS.RETURN, payout_centavos: 12_345 });
    expect(await balanceOf(ana)).toBe(30_000);
    expect(await previousWinners(store.db)).toEqual([]);
    expect(await transaction(store, (q) => voidOpenRounds(q, now))).toBe(0);
  });

  it('opens one next round when several leaders try at once (two overlapping for a moment)', async () => {
    const bettingEndsAt = new Date(Date.now() + 60_000);
    // Connections opened first (PostgreSQL), so the attempts do run side by side.
    await Promise.all(Array.from({ length: 5 }, () => transaction(store, (q) => openRounds(q))));
    const attempts = await Promise.all(Array.from({ length: 5 }, () => transaction(store, (q) => openNextRound(q, now, bettingEndsAt))));
    expect(attempts.filter((attempt) => attempt.opened)).toHaveLength(1);
    const open = await openRounds(store.db);
    expect(open.map((round) => round.id)).toEqual([attempts[0]?.round.id]);
    expect(new Set(attempts.map((attempt) => attempt.round.id)).size).toBe(1);
    expect(open[0]).toMatchObject({ phase: 'betting', phaseEndsAt: bettingEndsAt.getTime() });
  });

  it('takes a bet only while its round is betting: closed betting refuses it, the round still open', async () => {
    const ana = await player('anaplayer', 100);
    const roundId = await open();
    // No round named: the one open for betting, found in the database.
    const placed = await bet({ userId: ana, side: 1, stakeCentavos: 1_000, now });
    expect(placed.roundId).toBe(roundId);
    await transaction(store, (q) => closeBetting(q, { roundId, closedEndsAt: new Date(Date.now() + 1_000) }));
    await expect(bet({ roundId, userId: ana, side: 1, stakeCentavos: 1_000, now })).rejects.toThrow(RoundClosedError);
    await expect(bet({ userId: ana, side: 2, stakeCentavos: 1_000, now })).rejects.toThrow(RoundClosedError);
    expect((await openRounds(store.db)).map((round) => [round.id, round.phase])).toEqual([[roundId, 'closed']]);
    await settle(roundId, 1);
    expect(await balanceOf(ana)).toBe(10_000);
  });

  it('voids every open round but the one kept when asked (a new leader continues the newest)', async () => {
    const old = await transaction(store, (q) => openRound(q, new Date(now.getTime() - 3_600_000)));
    const live = await open();
    expect(await transaction(store, (q) => voidOpenRounds(q, now, { keep: live }))).toBe(1);
    const statuses = await store.db.selectFrom('karera_rounds').select(['game_id', 'status']).orderBy('started_at').execute();
    expect(statuses).toEqual([
      { game_id: old, status: 'void' },
      { game_id: live, status: 'open' },
    ]);
  });
});

describe('Video Karera rounds in the members histories', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(() => app.close());

  it('shows Video Karera bets (game type 9000, [[1]] UNO / [[2]] DOS, result [winner]) in the members histories', async () => {
    await registeredPlayer(app, 'anaplayer', 1_000);
    const ana = (await userByUsername(app.store.db, 'anaplayer'))?.id ?? '';
    const now = app.clock.now();
    const roundId = await transaction(app.store, (q) => openRound(q, now));
    await moneyChange(app.store, (q) => recordBet(q, { roundId, userId: ana, side: 1, stakeCentavos: 10_000, now }));
    await moneyChange(app.store, (q) => recordBet(q, { roundId, userId: ana, side: 2, stakeCentavos: 10_000, now }));
    await transaction(app.store, (q) => settleRound(q, { roundId, winner: 2, now }));
    const token = await app.login('anaplayer', REGISTERED_PASSWORD);
    const bets = BetHistorySchema.parse((await app.app.inject({ url: '/bet/history', headers: bearer(token) })).json());
    expect(bets.map((bet) => ({ details: bet.BetDetails, status: bet.Status, type: bet.GameId.GameType, result: bet.GameId.ResultId }))).toEqual([
      { details: [[2]], status: BET_STATUS.WIN, type: 9000, result: [{ result: [2] }] },
      { details: [[1]], status: BET_STATUS.LOSE, type: 9000, result: [{ result: [2] }] },
    ]);
    const transactions = TransactionHistorySchema.parse((await app.app.inject({ url: '/transact/history', headers: bearer(token) })).json());
    // ₱100 + ₱100 × 100/100 − ₱10 = ₱190 on DOS.
    expect(transactions.slice(0, 3).map((tx) => [tx.Mode, tx.Amount, tx.Balance])).toEqual([
      ['Win', 190, 990],
      ['Bet', -100, 800],
      ['Bet', -100, 900],
    ]);
  });
});
