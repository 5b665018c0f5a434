import {
  BET_STATUS,
  BetHistorySchema,
  DepositHistorySchema,
  REQUEST_STATUS,
  TransactionHistorySchema,
  WithdrawalHistorySchema,
} from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { DEMO_PLAYER } from '../seed/seed';
import { userByUsername } from '../../db/users';
import { TEST_SECRET, bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { readBalance, readLedgerSum } from '../ledger/ledger';
import { newPlayer } from '../../testing/players';
import { seedDemoActivity } from './demo-activity';

let t: TestApp;
let demo: { authorization: string };
beforeEach(async () => {
  t = await createTestApp();
  demo = bearer(await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password));
});
afterEach(() => t.close());

const get = async (url: string, headers: { authorization: string }) => (await t.app.inject({ url, headers })).json() as unknown;
const count = async (table: 'ledger' | 'bets' | 'deposits') =>
  Number((await t.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const EVERY_GAME_TYPE = [61, 62, 63, 72, 100, 110, 300, 9000, 42, 45, 49, 55, 58, 131, 200];

describe('demo activity of the demo player', () => {
  it('has a bet of every game type within the last 7 days, every status, and the special encodings', async () => {
    const bets = BetHistorySchema.parse(await get('/bet/history', demo));
    expect(new Set(bets.map((bet) => bet.GameId.GameType))).toEqual(new Set(EVERY_GAME_TYPE));
    expect(new Set(bets.map((bet) => bet.Status))).toEqual(new Set([BET_STATUS.RETURN, BET_STATUS.ONGOING, BET_STATUS.WIN, BET_STATUS.LOSE]));
    const now = t.clock.now().getTime();
    for (const bet of bets) {
      const age = now - new Date(bet.createdAt).getTime();
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(7 * 86_400_000);
    }
    // Ending by bet length: 3 regular, 6 minor, 9 major, 12 grand.
    const endingLengths = bets.filter((bet) => bet.GameId.GameType === 61).map((bet) => bet.BetDetails[0]?.length);
    expect(new Set(endingLengths)).toEqual(new Set([3, 6, 9, 12]));
    // A 13-element lotto bet with its JP flag, and EZ 2 with the R (1) and S (0) flags.
    expect(bets.some((bet) => bet.BetDetails[0]?.length === 13 && bet.BetDetails[0]?.[12] === 1)).toBe(true);
    const ez2Flags = bets.filter((bet) => bet.GameId.GameType === 131).map((bet) => bet.BetDetails[0]?.[2]);
    expect(new Set(ez2Flags)).toEqual(new Set([0, 1]));
    // Settled bets carry their game's result; ongoing ones none yet.
    for (const bet of bets.filter((item) => item.Status === BET_STATUS.WIN || item.Status === BET_STATUS.LOSE)) {
      expect(bet.GameId.ResultId[0]?.result.length).toBeGreaterThan(0);
    }
  });

  it('keeps the ledger the truth: balance = ledger sum, and each running balance follows from the one before', async () => {
    const player = await userByUsername(t.store.db, DEMO_PLAYER.username);
    const id = player?.id ?? '';
    expect(await readBalance(t.store.db, id)).toBe(await readLedgerSum(t.store.db, id));
    const transactions = TransactionHistorySchema.parse(await get('/transact/history', demo));
    expect(new Set(transactions.map((transaction) => transaction.Mode))).toEqual(new Set(['Deposit', 'Bet', 'Win', 'Refund', 'Withdraw']));
    transactions.forEach((transaction, index) => {
      const older = transactions[index + 1];
      if (older) expect(Math.round((transaction.Balance - transaction.Amount) * 100)).toBe(Math.round(older.Balance * 100));
    });
    expect(transactions[0]?.Balance).toBe((await readBalance(t.store.db, id)) / 100);
    // Newest first by date, the opening deposit (dated before the week) last (decision 192).
    const times = transactions.map((transaction) => Date.parse(transaction.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(transactions.at(-1)).toMatchObject({ Mode: 'Deposit', Amount: 5000, Balance: 5000 });
    expect(transactions.some((transaction) => transaction.BetId !== null && transaction.Amount < 0)).toBe(true);
  });

  it('has deposits and withdrawals in every state, with a proof image the API serves', async () => {
    const deposits = DepositHistorySchema.parse(await get('/deposit/history', demo));
    expect(new Set(deposits.map((deposit) => deposit.Status))).toEqual(new Set([REQUEST_STATUS.PENDING, REQUEST_STATUS.REJECTED, REQUEST_STATUS.APPROVED]));
    const proof = deposits.find((deposit) => deposit.Status === REQUEST_STATUS.PENDING)?.ImageLink ?? '';
    expect(proof).toMatch(/^http:\/\/localhost:4000\/uploads\/[0-9a-f]{32}\.png$/);
    // The demo player's own upload: served to them (and operators), not to a stranger.
    expect((await t.app.inject({ url: new URL(proof).pathname, headers: demo })).headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: new URL(proof).pathname })).statusCode).toBe(401);
    const withdrawals = WithdrawalHistorySchema.parse(await get('/withdraw/history', demo));
    expect(new Set(withdrawals.map((withdrawal) => withdrawal.Status))).toEqual(
      new Set([REQUEST_STATUS.PENDING, REQUEST_STATUS.REJECTED, REQUEST_STATUS.APPROVED]),
    );
  });

  it('is seeded once: seeding again or restarting on the same file adds nothing', async () => {
    const counts = async () => [await count('ledger'), await count('bets'), await count('deposits')];
    const before = await counts();
    expect(await seedDemoActivity(t.store, t.clock.now())).toBe(false);
    // The same app again (without the basketball slate, as the first: test apps leave it off).
    const again = await buildApp({ mode: 'demo', database: t.store, jwtSecret: TEST_SECRET, now: t.clock.now, demoSlate: false });
    await again.close();
    expect(await counts()).toEqual(before);
  });
});

describe('privacy between players', () => {
  it("a player never sees another player's deposits, withdrawals, bets or transactions", async () => {
    const other = await newPlayer(t, 500);
    for (const url of ['/deposit/history', '/withdraw/history', '/bet/history']) {
      expect(await get(url, other.headers)).toEqual([]);
      expect((await get(url, demo) as unknown[]).length).toBeGreaterThan(0);
    }
    // Only their own funding entry, never the demo player's.
    expect(TransactionHistorySchema.parse(await get('/transact/history', other.headers))).toEqual([
      expect.objectContaining({ Mode: 'Deposit', Amount: 500, Balance: 500, BetId: null }),
    ]);
    // The other player's new requests stay theirs.
    await t.app.inject({
      method: 'POST',
      url: '/transaction/cashout/instapay',
      headers: other.headers,
      payload: { Amount: 100, AccountName: 'Other', AccountNumber: '123', Mode: 'GCASH', Balance: 500, TransactionType: 0 },
    });
    await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', headers: other.headers, payload: { amount: 100 } });
    const demoWithdrawals = WithdrawalHistorySchema.parse(await get('/withdraw/history', demo));
    expect(demoWithdrawals.some((withdrawal) => withdrawal.AccountName === 'Other')).toBe(false);
    expect(DepositHistorySchema.parse(await get('/deposit/history', other.headers))).toHaveLength(1);
    expect(DepositHistorySchema.parse(await get('/deposit/history', demo)).some((deposit) => deposit.Mode === 'QRPH' && deposit.Status === REQUEST_STATUS.PENDING)).toBe(false);
  });
});
