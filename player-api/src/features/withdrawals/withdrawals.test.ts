import {
  BankCodesResponseSchema,
  CashOutResponseSchema,
  MEMBERS_TEXTS,
  OperatorRequestSchema,
  REQUEST_STATUS,
  TransactionHistorySchema,
  WithdrawalHistorySchema,
} from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { readBalance, readEntries, readLedgerSum } from '../ledger/ledger';
import { appWithPlayer, operatorHeaders, type TestPlayer } from '../../testing/players';

let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 1_000 }, (app, member) => {
  t = app;
  player = member;
});

const valid = { Amount: 300, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 1000, TransactionType: 0 };
const cashOut = (body: Record<string, unknown>, headers = player.headers, channel = 'instapay') =>
  t.app.inject({ method: 'POST', url: `/transaction/cashout/${channel}`, headers, payload: body });
const history = async (headers = player.headers) =>
  WithdrawalHistorySchema.parse((await t.app.inject({ url: '/withdraw/history', headers })).json());

describe('GET /transaction/bankcodes/instapay', () => {
  it('lists banks and e-wallets under data.data', async () => {
    const response = await t.app.inject({ url: '/transaction/bankcodes/instapay', headers: player.headers });
    const codes = BankCodesResponseSchema.parse(response.json()).data.data;
    expect(codes.length).toBeGreaterThan(5);
    expect(codes).toContainEqual({ code: 'GCASH', name: 'GCash' });
    expect((await t.app.inject({ url: '/transaction/bankcodes/swift', headers: player.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/transaction/bankcodes/instapay' })).statusCode).toBe(401);
  });
});

describe('POST /transaction/cashout/instapay', () => {
  it('holds the amount at once and lists the pending withdrawal', async () => {
    const response = await cashOut(valid);
    expect(response.statusCode).toBe(201);
    const withdrawal = CashOutResponseSchema.parse(response.json());
    expect(withdrawal).toMatchObject({ Amount: 300, Status: REQUEST_STATUS.PENDING, Mode: 'GCASH', AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567' });
    expect(await readBalance(t.store.db, player.id)).toBe(70_000);
    expect(await history()).toEqual([withdrawal]);
    const transactions = TransactionHistorySchema.parse((await t.app.inject({ url: '/transact/history', headers: player.headers })).json());
    expect(transactions[0]).toMatchObject({ Mode: 'Withdraw', Amount: -300, Balance: 700 });
  });

  it('refuses an amount above the balance with a clear message, writing nothing', async () => {
    const response = await cashOut({ ...valid, Amount: 1_000.01, Balance: 5_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Insufficient balance: you can withdraw up to ₱1,000.00' });
    expect(await readBalance(t.store.db, player.id)).toBe(100_000);
    expect(await history()).toEqual([]);
  });

  it.each([
    [{ ...valid, AccountName: '' }, MEMBERS_TEXTS.accountNameRequired],
    [{ ...valid, AccountNumber: '  ' }, MEMBERS_TEXTS.accountNumberRequired],
    [{ ...valid, Amount: undefined }, MEMBERS_TEXTS.amountRequired],
    [{ ...valid, Amount: 49.99 }, MEMBERS_TEXTS.withdrawMinimum],
    [{ ...valid, Amount: -100 }, MEMBERS_TEXTS.withdrawMinimum],
    [{ ...valid, Amount: 60.001 }, MEMBERS_TEXTS.withdrawAmountFormat],
    [{ ...valid, Mode: '' }, MEMBERS_TEXTS.modeRequired],
    [{ ...valid, Mode: 'NOBANK' }, MEMBERS_TEXTS.unknownBank],
  ])('refuses %j with its message', async (body, message) => {
    const response = await cashOut(body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toBe(message);
    expect(await readBalance(t.store.db, player.id)).toBe(100_000);
  });

  it('answers 404 for an unknown payout channel', async () => {
    expect((await cashOut(valid, player.headers, 'swift')).statusCode).toBe(404);
  });

  it('100 concurrent withdrawals whose total exceeds the balance: exactly the affordable ones succeed', async () => {
    // ₱1,000.00 and 100 requests of ₱70.00 (₱7,000 in all): 14 fit, ₱20.00 stays.
    const responses = await Promise.all(Array.from({ length: 100 }, () => cashOut({ ...valid, Amount: 70 })));
    const ok = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(86);
    for (const response of refused) expect((response.json() as { message: string }).message).toMatch(/^Insufficient balance: you can withdraw up to ₱/);
    expect(await readBalance(t.store.db, player.id)).toBe(2_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(2_000);
    expect((await readEntries(t.store.db, player.id)).every((entry) => entry.balanceAfterCentavos >= 0)).toBe(true);
    expect(await history()).toHaveLength(14);
  });
});

describe('operator decisions on withdrawals', () => {
  it('approving pays out (no money moves); rejecting refunds the hold once', async () => {
    const operator = await operatorHeaders(t);
    const first = CashOutResponseSchema.parse((await cashOut(valid)).json());
    const second = CashOutResponseSchema.parse((await cashOut({ ...valid, Amount: 200 })).json());
    expect(await readBalance(t.store.db, player.id)).toBe(50_000);

    const approved = await t.app.inject({ method: 'POST', url: `/operator/withdrawals/${first._id}/approve`, headers: operator });
    expect(OperatorRequestSchema.parse(approved.json()).Status).toBe(REQUEST_STATUS.APPROVED);
    expect(await readBalance(t.store.db, player.id)).toBe(50_000);

    const reject = () => t.app.inject({ method: 'POST', url: `/operator/withdrawals/${second._id}/reject`, headers: operator });
    expect(OperatorRequestSchema.parse((await reject()).json()).Status).toBe(REQUEST_STATUS.REJECTED);
    expect((await reject()).statusCode).toBe(409);
    expect(await readBalance(t.store.db, player.id)).toBe(70_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(70_000);

    const statuses = (await history()).map((withdrawal) => [withdrawal.Amount, withdrawal.Status]);
    expect(statuses).toEqual([
      [200, REQUEST_STATUS.REJECTED],
      [300, REQUEST_STATUS.APPROVED],
    ]);
    const transactions = TransactionHistorySchema.parse((await t.app.inject({ url: '/transact/history', headers: player.headers })).json());
    expect(transactions[0]).toMatchObject({ Mode: 'Refund', Amount: 200, Balance: 700 });
  });
});

describe('GET /withdraw/history', () => {
  it('covers the last 7 days', async () => {
    await cashOut(valid);
    // Tokens live an hour in tests: sign in again after each jump of the clock.
    const freshHeaders = async () => ({ authorization: `Bearer ${await t.login(player.username, 'secret123')}` });
    t.clock.advanceSeconds(6 * 86_400);
    expect(await history(await freshHeaders())).toHaveLength(1);
    t.clock.advanceSeconds(2 * 86_400);
    expect(await history(await freshHeaders())).toEqual([]);
  });
});
