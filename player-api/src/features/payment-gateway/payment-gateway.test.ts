import { DepositHistorySchema, GatewayCashInResponseSchema, MEMBERS_TEXTS, REQUEST_STATUS } from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { GATEWAY_QR_TTL_MS } from '../deposits/deposits';
import { GATEWAY_QR_GONE_TEXT } from './feature';
import { readBalance, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import { appWithPlayer, newPlayer, operatorHeaders, type TestPlayer } from '../../testing/players';

let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 0 }, (app, member) => {
  t = app;
  player = member;
});

async function generate(amount: number) {
  const response = await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', headers: player.headers, payload: { amount } });
  expect(response.statusCode).toBe(200);
  return GatewayCashInResponseSchema.parse(response.json());
}

const pathOf = (url: string) => new URL(url).pathname;
const pay = (url: string) =>
  t.app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

describe('QR payment gateway', () => {
  it('answers a QR code of the payment page and its details, with a pending deposit', async () => {
    const qr = await generate(200);
    expect(qr.qr_image).toMatch(/^data:image\/png;base64,/);
    expect(qr.payment_url).toMatch(/^http:\/\/localhost:4000\/gateway\/pay\/[0-9a-f]{32}$/);
    expect(qr.qr_html).toContain('₱200.00');
    expect(qr.qr_html).toContain(qr.payment_url);
    const history = DepositHistorySchema.parse((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json());
    expect(history).toEqual([expect.objectContaining({ _id: qr.deposit_id, Mode: 'QRPH', Status: REQUEST_STATUS.PENDING, Amount: 200, ImageLink: null })]);
  });

  it("refuses less than ₱100 with the spec's text", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', headers: player.headers, payload: { amount: 99 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MEMBERS_TEXTS.gatewayMinimum });
  });

  it('paying approves the deposit and credits the ledger once, however often Pay is pressed', async () => {
    const qr = await generate(250);
    const page = await t.app.inject({ url: pathOf(qr.payment_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Pay ₱250.00');

    const [first, second] = await Promise.all([pay(qr.payment_url), pay(qr.payment_url)]);
    expect(first?.statusCode).toBe(303);
    expect(second?.statusCode).toBe(303);
    expect((await pay(qr.payment_url)).statusCode).toBe(303);
    expect(await readBalance(t.store.db, player.id)).toBe(25_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(25_000);
    expect(await readEntriesByReference(t.store.db, qr.deposit_id)).toHaveLength(1);

    const after = await t.app.inject({ url: pathOf(qr.payment_url) });
    expect(after.body).toContain('Payment received');
    expect(after.body).not.toContain('<form');
    const history = DepositHistorySchema.parse((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json());
    expect(history[0]).toMatchObject({ _id: qr.deposit_id, Status: REQUEST_STATUS.APPROVED });
  });

  it('expires an unpaid QR code after 30 minutes: paying then credits nothing', async () => {
    const qr = await generate(300);
    t.clock.advanceSeconds(GATEWAY_QR_TTL_MS / 1000 + 1);
    await pay(qr.payment_url);
    expect(await readBalance(t.store.db, player.id)).toBe(0);
    expect((await t.app.inject({ url: pathOf(qr.payment_url) })).body).toContain('This QR code has expired');
    const history = DepositHistorySchema.parse((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json());
    expect(history[0]?.Status).toBe(REQUEST_STATUS.REJECTED);
  });

  it('reopens a pending QR for its owner only, and only while it can be paid', async () => {
    const qr = await generate(150);
    const reopen = (id: string, headers = player.headers) => t.app.inject({ url: `/transaction/cashin/gateway/${id}`, headers });
    const again = await reopen(qr.deposit_id);
    expect(again.statusCode).toBe(200);
    expect(GatewayCashInResponseSchema.parse(again.json())).toEqual(qr);

    // Someone else's, an unknown one, a manual one: as unknown as a missing one.
    const other = await newPlayer(t, 0);
    expect((await reopen(qr.deposit_id, other.headers)).statusCode).toBe(404);
    expect((await reopen('no-such-deposit')).json()).toEqual({ message: GATEWAY_QR_GONE_TEXT });
    expect((await t.app.inject({ url: `/transaction/cashin/gateway/${qr.deposit_id}` })).statusCode).toBe(401);

    // Paid: nothing to reopen.
    await pay(qr.payment_url);
    expect((await reopen(qr.deposit_id)).statusCode).toBe(404);

    // Expired: nothing to reopen either.
    const late = await generate(100);
    t.clock.advanceSeconds(GATEWAY_QR_TTL_MS / 1000 + 1);
    expect((await reopen(late.deposit_id)).statusCode).toBe(404);
  });

  it('is approved by paying, not by an operator; unknown references are 404', async () => {
    const qr = await generate(100);
    const response = await t.app.inject({ method: 'POST', url: `/operator/deposits/${qr.deposit_id}/approve`, headers: await operatorHeaders(t) });
    expect(response.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/gateway/pay/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/gateway/pay/..%2F..' })).statusCode).toBe(404);
  });
});
