import { BET_STATUS, BetHistorySchema, TransactionHistorySchema } from '@suwerte/shared/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import { registeredPlayer } from '../../testing/players';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { InsufficientFundsError, balanceOf, ledgerSum } from '../ledger/ledger';
import { RoundClosedError, openRound, previousWinners, recordBet, settleRound, voidOpenRounds, voidRound } from './rounds';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A fresh player with `pesos` on the account: their id. */
const player = async (username: string, pesos: number): Promise<string> => (await registeredPlayer(t, username, pesos)).id;

function statusOf(betId: string): { status: number; payout_centavos: number } | undefined {
  return t.db.prepare<[string], { status: number; payout_centavos: number }>('SELECT status, payout_centavos FROM bets WHERE id = ?').get(betId);
}

describe('Video Karera settlement', () => {
  it('pays the winning side stake + stake × losing ÷ winning − 10 % to the centavo, and nothing to the losers', async () => {
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    const cai = await player('caiplayer', 1_000);
    const now = t.clock.now();
    const roundId = openRound(t.db, now);
    const a = recordBet(t.db, { roundId, userId: ana, side: 1, stakeCentavos: 10_000, now }); // ₱100.00 on UNO
    const b = recordBet(t.db, { roundId, userId: ben, side: 1, stakeCentavos: 3_333, now }); // ₱33.33 on UNO
    const c = recordBet(t.db, { roundId, userId: cai, side: 2, stakeCentavos: 5_001, now }); // ₱50.01 on DOS
    expect(a.balanceCentavos).toBe(90_000);

    const settlement = settleRound(t.db, { roundId, winner: 1, now });
    // UNO total ₱133.33, DOS total ₱50.01.
    // ana: 100 + 100 × 50.01/133.33 − 10 = 127.5078…  → ₱127.50
    // ben: 33.33 + 33.33 × 50.01/133.33 − 3.333 = 42.4984… → ₱42.49
    expect(statusOf(a.betId)).toEqual({ status: BET_STATUS.WIN, payout_centavos: 12_750 });
    expect(statusOf(b.betId)).toEqual({ status: BET_STATUS.WIN, payout_centavos: 4_249 });
    expect(statusOf(c.betId)).toEqual({ status: BET_STATUS.LOSE, payout_centavos: 0 });
    expect(settlement).toMatchObject({ winner: 1, unoTotalCentavos: 13_333, dosTotalCentavos: 5_001, bets: 3, paidCentavos: 16_999 });
    expect(balanceOf(t.db, ana)).toBe(90_000 + 12_750);
    expect(balanceOf(t.db, ben)).toBe(100_000 - 3_333 + 4_249);
    expect(balanceOf(t.db, cai)).toBe(100_000 - 5_001);
    for (const id of [ana, ben, cai]) expect(ledgerSum(t.db, id)).toBe(balanceOf(t.db, id));
    expect(previousWinners(t.db)).toEqual([1]);
  });

  it('refunds the winners in full when nobody bet on the losing side (Return)', async () => {
    const ana = await player('anaplayer', 500);
    const now = t.clock.now();
    const roundId = openRound(t.db, now);
    const bet = recordBet(t.db, { roundId, userId: ana, side: 2, stakeCentavos: 20_000, now });
    settleRound(t.db, { roundId, winner: 2, now });
    expect(statusOf(bet.betId)).toEqual({ status: BET_STATUS.RETURN, payout_centavos: 20_000 });
    expect(balanceOf(t.db, ana)).toBe(50_000);
  });

  it('takes the stakes when nobody picked the winner (Lose)', async () => {
    const ana = await player('anaplayer', 500);
    const now = t.clock.now();
    const roundId = openRound(t.db, now);
    const bet = recordBet(t.db, { roundId, userId: ana, side: 1, stakeCentavos: 20_000, now });
    settleRound(t.db, { roundId, winner: 2, now });
    expect(statusOf(bet.betId)).toEqual({ status: BET_STATUS.LOSE, payout_centavos: 0 });
    expect(balanceOf(t.db, ana)).toBe(30_000);
  });

  it('settles a round once, and never takes a bet above the balance', async () => {
    const ana = await player('anaplayer', 50);
    const now = t.clock.now();
    const roundId = openRound(t.db, now);
    expect(() => recordBet(t.db, { roundId, userId: ana, side: 1, stakeCentavos: 5_001, now })).toThrow(InsufficientFundsError);
    recordBet(t.db, { roundId, userId: ana, side: 1, stakeCentavos: 5_000, now });
    settleRound(t.db, { roundId, winner: 1, now });
    expect(() => settleRound(t.db, { roundId, winner: 2, now })).toThrow(RoundClosedError);
    expect(() => voidRound(t.db, { roundId, now })).toThrow(RoundClosedError);
    expect(balanceOf(t.db, ana)).toBe(5_000);
  });

  it('voids rounds left open: stakes returned, no result', async () => {
    const ana = await player('anaplayer', 300);
    const now = t.clock.now();
    const first = openRound(t.db, now);
    const bet = recordBet(t.db, { roundId: first, userId: ana, side: 1, stakeCentavos: 12_345, now });
    openRound(t.db, now);
    expect(voidOpenRounds(t.db, now)).toBe(2);
    expect(statusOf(bet.betId)).toEqual({ status: BET_STATUS.RETURN, payout_centavos: 12_345 });
    expect(balanceOf(t.db, ana)).toBe(30_000);
    expect(previousWinners(t.db)).toEqual([]);
    expect(voidOpenRounds(t.db, now)).toBe(0);
  });

  it('shows Video Karera bets (game type 9000, [[1]] UNO / [[2]] DOS, result [winner]) in the members histories', async () => {
    await player('anaplayer', 1_000);
    const ana = findUserByUsername(t.db, 'anaplayer')?.id ?? '';
    const now = t.clock.now();
    const roundId = openRound(t.db, now);
    recordBet(t.db, { roundId, userId: ana, side: 1, stakeCentavos: 10_000, now });
    recordBet(t.db, { roundId, userId: ana, side: 2, stakeCentavos: 10_000, now });
    settleRound(t.db, { roundId, winner: 2, now });
    const token = await t.login('anaplayer', 'secret123');
    const bets = BetHistorySchema.parse((await t.app.inject({ url: '/bet/history', headers: bearer(token) })).json());
    expect(bets.map((bet) => ({ details: bet.BetDetails, status: bet.Status, type: bet.GameId.GameType, result: bet.GameId.ResultId }))).toEqual([
      { details: [[2]], status: BET_STATUS.WIN, type: 9000, result: [{ result: [2] }] },
      { details: [[1]], status: BET_STATUS.LOSE, type: 9000, result: [{ result: [2] }] },
    ]);
    const transactions = TransactionHistorySchema.parse((await t.app.inject({ url: '/transact/history', headers: bearer(token) })).json());
    // ₱100 + ₱100 × 100/100 − ₱10 = ₱190 on DOS.
    expect(transactions.slice(0, 3).map((tx) => [tx.Mode, tx.Amount, tx.Balance])).toEqual([
      ['Win', 190, 990],
      ['Bet', -100, 800],
      ['Bet', -100, 900],
    ]);
  });
});
