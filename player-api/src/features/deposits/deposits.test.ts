import {
  CashInResponseSchema,
  DepositHistorySchema,
  MEMBERS_TEXTS,
  OperatorRequestListSchema,
  OperatorRequestSchema,
  PaymentOptionsSchema,
  REQUEST_STATUS,
  TransactionHistorySchema,
} from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { uploadProof } from '../../testing/uploads';
import { readBalance, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import { appWithPlayer, operatorHeaders, type TestPlayer } from '../../testing/players';

let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 100 }, (app, member) => {
  t = app;
  player = member;
});

const proof = 'http://localhost:4000/uploads/0123456789abcdef01234567.png';
const cashIn = (body: Record<string, unknown>, headers = player.headers) =>
  t.app.inject({ method: 'POST', url: '/transaction/cashin', headers, payload: body });
const valid = { Amount: 500, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', ImageLink: proof, Mode: 'GCASH', InvoiceNumber: null };
/** A valid cash-in whose proof the player really uploaded (a proof backs one deposit). */
const withProof = async () => ({ ...valid, ImageLink: await uploadProof(t, player.headers) });

describe('GET /mop', () => {
  it('lists the payment options, the QR gateway first, each with an image served by the API', async () => {
    const response = await t.app.inject({ url: '/mop', headers: player.headers });
    const options = PaymentOptionsSchema.parse(response.json());
    expect(options.map((option) => option.mopname)).toEqual(['QRPH', 'GCASH', 'MAYA', 'BDO']);
    for (const option of options) {
      expect(option.accountname).not.toBe('');
      expect(option.accountnumber).not.toBe('');
      const image = await t.app.inject({ url: new URL(option.ImageLink).pathname });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await t.app.inject({ url: '/mop' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/payment-options/nope.png' })).statusCode).toBe(404);
  });
});

describe('POST /transaction/cashin (manual deposit)', () => {
  it('records a pending deposit with its proof, moving no money until an operator approves', async () => {
    const body = await withProof();
    const response = await cashIn(body);
    expect(response.statusCode).toBe(201);
    const deposit = CashInResponseSchema.parse(response.json());
    expect(deposit).toMatchObject({ Mode: 'GCASH', Status: REQUEST_STATUS.PENDING, Amount: 500, ImageLink: body.ImageLink });
    expect(await readBalance(t.store.db, player.id)).toBe(10_000);

    const history = DepositHistorySchema.parse((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json());
    expect(history[0]).toEqual(deposit);
  });

  it.each([
    [{ ...valid, Amount: 49 }, MEMBERS_TEXTS.depositMinimum],
    [{ ...valid, Amount: 50.5 }, MEMBERS_TEXTS.wholePesos],
    [{ ...valid, Amount: undefined }, MEMBERS_TEXTS.amountRequired],
    [{ ...valid, AccountName: ' ' }, MEMBERS_TEXTS.accountNameRequired],
    [{ ...valid, AccountNumber: '' }, MEMBERS_TEXTS.accountNumberRequired],
    [{ ...valid, ImageLink: '' }, MEMBERS_TEXTS.fileRequired],
    [{ ...valid, Mode: 'QRPH' }, MEMBERS_TEXTS.unknownPaymentMethod],
    [{ ...valid, Mode: 'PAYPAL' }, MEMBERS_TEXTS.unknownPaymentMethod],
  ])('refuses %j with its message', async (body, message) => {
    const response = await cashIn(body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toBe(message);
  });

  it('needs a signed-in player', async () => {
    expect((await cashIn(valid, { authorization: 'Bearer nope' })).json()).toEqual({ message: 'ERROR VERIFYING TOKEN' });
  });
});

describe('operator review of manual deposits', () => {
  it('approves once: the ledger is credited once and the player sees it approved', async () => {
    const deposit = CashInResponseSchema.parse((await cashIn(await withProof())).json());
    const operator = await operatorHeaders(t);
    const pending = OperatorRequestListSchema.parse((await t.app.inject({ url: '/operator/deposits', headers: operator })).json());
    expect(pending.filter((request) => request.username === player.username)).toEqual([expect.objectContaining({ _id: deposit._id, username: player.username, AccountName: 'Juan Dela Cruz', kind: 'deposits' })]);

    const approve = () => t.app.inject({ method: 'POST', url: `/operator/deposits/${deposit._id}/approve`, headers: operator });
    const first = await approve();
    expect(OperatorRequestSchema.parse(first.json()).Status).toBe(REQUEST_STATUS.APPROVED);
    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Deposit is already approved' });
    expect(await readBalance(t.store.db, player.id)).toBe(60_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(60_000);
    expect(await readEntriesByReference(t.store.db, deposit._id)).toHaveLength(1);

    const history = DepositHistorySchema.parse((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json());
    expect(history[0]?.Status).toBe(REQUEST_STATUS.APPROVED);
    const transactions = TransactionHistorySchema.parse((await t.app.inject({ url: '/transact/history', headers: player.headers })).json());
    expect(transactions[0]).toMatchObject({ Mode: 'Deposit', Amount: 500, Balance: 600, BetId: null });
  });

  it('rejects without moving money; a rejected deposit cannot be approved afterwards', async () => {
    const deposit = CashInResponseSchema.parse((await cashIn(await withProof())).json());
    const operator = await operatorHeaders(t);
    const reject = await t.app.inject({ method: 'POST', url: `/operator/deposits/${deposit._id}/reject`, headers: operator });
    expect(OperatorRequestSchema.parse(reject.json()).Status).toBe(REQUEST_STATUS.REJECTED);
    const approve = await t.app.inject({ method: 'POST', url: `/operator/deposits/${deposit._id}/approve`, headers: operator });
    expect(approve.statusCode).toBe(409);
    expect(await readBalance(t.store.db, player.id)).toBe(10_000);
  });

  it('is for operators only', async () => {
    const deposit = CashInResponseSchema.parse((await cashIn(await withProof())).json());
    const response = await t.app.inject({ method: 'POST', url: `/operator/deposits/${deposit._id}/approve`, headers: player.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Operators only' });
    expect((await t.app.inject({ url: '/operator/deposits', headers: player.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/operator/deposits' })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/operator/deposits/0123456789abcdef01234567/approve', headers: await operatorHeaders(t) });
    expect(unknown.statusCode).toBe(404);
  });
});
