import { OperatorRequestListSchema, type OperatorRequest } from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import { moneyChange } from '../db/money';
import { createGatewayDeposit, createManualDeposit } from '../features/deposits/deposits';
import { runOperatorCommand } from '../features/operator/cli';
import { appWithPlayer, operatorHeaders, type TestPlayer } from '../testing/players';
import { requestWithdrawal } from '../features/withdrawals/withdrawals';
import { dataEnvOf, type TestApp } from '../testing/test-app';
import { manualDepositRequest } from '../testing/money';

// Issue 9, item 4: the operator's pending lists filter before they limit, and page through
// everything.

let t: TestApp;
let player: TestPlayer;
let operator: { authorization: string };
appWithPlayer({ pesos: 10_000 }, async (app, member) => {
  t = app;
  player = member;
  operator = await operatorHeaders(app);
});

/** GET one page; returns its items and the next page's path from the Link header. */
async function page(url: string): Promise<{ items: OperatorRequest[]; next: string | null }> {
  const response = await t.app.inject({ url, headers: operator });
  expect(response.statusCode).toBe(200);
  const link = response.headers.link;
  const next = typeof link === 'string' ? /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null : null;
  return { items: OperatorRequestListSchema.parse(response.json()), next: next === null ? null : new URL(next).pathname + new URL(next).search };
}

describe('operator review lists', () => {
  it('500 unpaid QR codes do not hide a manual deposit', async () => {
    const now = t.clock.now();
    for (let index = 0; index < 501; index += 1) await createGatewayDeposit(t.store.db, { userId: player.id, amountCentavos: 10_000, mode: 'QRPH', now: new Date(now.getTime() - 60_000) });
    const manual = await createManualDeposit(t.store.db, manualDepositRequest(player.id, { now }));
    const { items } = await page('/operator/deposits');
    const mine = items.filter((item) => item.username === player.username);
    expect(mine.map((item) => item._id)).toEqual([manual.id]);
    // The command line sees it too.
    const listed = await runOperatorCommand(['deposits', 'list'], dataEnvOf(t));
    expect(listed.lines.filter((line) => line.includes(player.username))).toHaveLength(1);
  });

  it('pages through every pending withdrawal, oldest first, none twice, none left out', async () => {
    const start = t.clock.now().getTime();
    const ids: string[] = [];
    for (let index = 0; index < 250; index += 1) {
      ids.push(
        (
          await moneyChange(t.store, (q) =>
            requestWithdrawal(q, {
          userId: player.id,
          channel: 'instapay',
          mode: 'GCASH',
          accountName: 'Juan',
          accountNumber: '0917',
          amountCentavos: 100,
          // Some share a timestamp: the id breaks the tie.
          now: new Date(start + Math.floor(index / 3) * 1000),
            }),
          )
        ).id,
      );
    }
    const seen: OperatorRequest[] = [];
    let next: string | null = '/operator/withdrawals?limit=100';
    let pages = 0;
    while (next) {
      const current: { items: OperatorRequest[]; next: string | null } = await page(next);
      seen.push(...current.items);
      next = current.next;
      pages += 1;
    }
    const mine = seen.filter((item) => item.username === player.username);
    expect(pages).toBe(3);
    expect(new Set(mine.map((item) => item._id))).toEqual(new Set(ids));
    expect(mine).toHaveLength(250);
    const times = mine.map((item) => item.createdAt);
    expect([...times].sort()).toEqual(times);

    // status=all walks the other way, newest first, and reaches the end as well.
    const all: OperatorRequest[] = [];
    next = '/operator/withdrawals?status=all&limit=500';
    while (next) {
      const current: { items: OperatorRequest[]; next: string | null } = await page(next);
      all.push(...current.items);
      next = current.next;
    }
    expect(all.filter((item) => item.username === player.username)).toHaveLength(250);
  });

  it.each(['?limit=0', '?limit=501', '?limit=abc', '?limit=1&limit=2', '?after=bogus', '?status=done', '?status=pending&status=all'])(
    'answers a bad page request (%s) with 400 { message }',
    async (query) => {
      const response = await t.app.inject({ url: `/operator/deposits${query}`, headers: operator });
      expect(response.statusCode).toBe(400);
      expect(typeof (response.json() as { message?: unknown }).message).toBe('string');
    },
  );
});
