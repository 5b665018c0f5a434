import { BET_STATUS, BetHistorySchema, GAME_TYPE, TransactionHistorySchema } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyChange } from '../../db/money';
import { PLAYER_ROLE, createUser } from '../../db/users';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { InsufficientFundsError, appendEntry, readBalance, readLedgerSum } from '../ledger/ledger';
import { BetAlreadySettledError, createGame, placeBet, settleBet } from './bets';

let t: TestApp;
let userId: string;

// A player of its own with ₱5,000.00 (the seeded demo player has a week of demo bets).
beforeEach(async () => {
  t = await createTestApp();
  const passwordHash = await hashPassword('suwerte123');
  userId = (await createUser(t.store.db, { username: 'betsplayer', passwordHash, role: PLAYER_ROLE, now: t.clock.now() })).id;
  await moneyChange(t.store, (q) => appendEntry(q, { userId, amountCentavos: 500_000, kind: 'deposit', description: 'Opening balance', at: t.clock.now() }));
});
afterEach(() => t.close());

function kareraRound(): Promise<string> {
  return createGame(t.store.db, { gameType: GAME_TYPE.VIDEO_KARERA, schedule: t.clock.now(), now: t.clock.now() });
}

describe('bets', () => {
  it('debits the stake with the bet, and credits the payout once when settled', async () => {
    const gameId = await kareraRound();
    const before = await readBalance(t.store.db, userId);
    const { betId, balanceCentavos } = await moneyChange(t.store, (q) => placeBet(q, {
      userId,
      gameId,
      details: [[1]],
      amountsCentavos: [10_000],
      description: 'Video Karera bet on UNO',
      now: t.clock.now(),
    }));
    expect(balanceCentavos).toBe(before - 10_000);
    await moneyChange(t.store, (q) => settleBet(q, { betId, status: BET_STATUS.WIN, payoutCentavos: 19_000, description: 'Video Karera win', now: t.clock.now() }));
    expect(await readBalance(t.store.db, userId)).toBe(before + 9_000);
    await expect(
      moneyChange(t.store, (q) => settleBet(q, { betId, status: BET_STATUS.WIN, payoutCentavos: 19_000, description: 'again', now: t.clock.now() })),
    ).rejects.toThrow(BetAlreadySettledError);
    expect(await readBalance(t.store.db, userId)).toBe(before + 9_000);
    expect(await readLedgerSum(t.store.db, userId)).toBe(await readBalance(t.store.db, userId));
  });

  it('writes nothing when the balance does not cover the bet', async () => {
    const gameId = await kareraRound();
    const before = await readBalance(t.store.db, userId);
    await expect(
      moneyChange(t.store, (q) => placeBet(q, { userId, gameId, details: [[2]], amountsCentavos: [before + 1], description: 'too much', now: t.clock.now() })),
    ).rejects.toThrow(InsufficientFundsError);
    expect(await readBalance(t.store.db, userId)).toBe(before);
    expect(await t.store.db.selectFrom('bets').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('serves the histories in the contract shapes, to their owner only', async () => {
    const gameId = await kareraRound();
    const { betId } = await moneyChange(t.store, (q) => placeBet(q, { userId, gameId, details: [[2]], amountsCentavos: [5_000, 2_500], description: 'bet', now: t.clock.now() }));
    await moneyChange(t.store, (q) => settleBet(q, { betId, status: BET_STATUS.LOSE, payoutCentavos: 0, description: 'lose', now: t.clock.now() }));
    const token = await t.login('betsplayer', 'suwerte123');
    const bets = BetHistorySchema.parse((await t.app.inject({ url: '/bet/history', headers: { authorization: `Bearer ${token}` } })).json());
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({ _id: betId, Amount: 50, Amounttwo: 25, Status: 3, BetDetails: [[2]], GameId: { GameType: 9000 } });
    const transactions = TransactionHistorySchema.parse(
      (await t.app.inject({ url: '/transact/history', headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(transactions[0]).toMatchObject({ Mode: 'Bet', Amount: -75, Balance: 4925, BetId: { _id: betId } });
    expect(transactions.at(-1)).toMatchObject({ Mode: 'Deposit', Amount: 5000, BetId: null });

    const register = await t.app.inject({
      method: 'POST',
      url: '/register',
      payload: { username: 'otherplayer', password: 'Karera-Uno-2026', referral: 'SUWERTE', email: 'o@example.com', contactnumber: '09170000000' },
    });
    expect(register.statusCode).toBe(201);
    const other = await t.login('otherplayer', 'Karera-Uno-2026');
    expect((await t.app.inject({ url: '/bet/history', headers: { authorization: `Bearer ${other}` } })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/transact/history', headers: { authorization: `Bearer ${other}` } })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/bet/history' })).statusCode).toBe(401);
  });

  it('covers the last 7 days only', async () => {
    const gameId = await kareraRound();
    await moneyChange(t.store, (q) => placeBet(q, { userId, gameId, details: [[1]], amountsCentavos: [1_000], description: 'old', now: t.clock.now() }));
    t.clock.advanceSeconds(8 * 86_400);
    const token = await t.login('betsplayer', 'suwerte123');
    expect((await t.app.inject({ url: '/bet/history', headers: { authorization: `Bearer ${token}` } })).json()).toEqual([]);
  });
});
