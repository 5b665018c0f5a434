import { CashOutResponseSchema } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBalance, readLedgerSum } from '../features/ledger/ledger';
import { cashOut as cashOutOf } from '../testing/money';
import { newPlayer } from '../testing/players';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_ENGINE } from '../testing/test-store';
import { openStore, type Store } from './store';

let t: TestApp;
/** A second connection (another pool on PostgreSQL): it sees only what is committed. */
let reader: Store | null = null;
let committedWhenSent: Promise<boolean>[] = [];

beforeEach(async () => {
  committedWhenSent = [];
  t = await createTestApp({
    extend(app) {
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.startsWith('/transaction/cashout/') && reply.statusCode === 201 && typeof payload === 'string' && reader) {
          const { _id: id } = JSON.parse(payload) as { _id: string };
          const check = reader.db.selectFrom('ledger').select('id').where('reference', '=', id).execute();
          committedWhenSent.push(check.then((rows) => rows.length === 1));
          await check;
        }
        return payload;
      });
    },
  });
  reader = openStore(t.location);
});
afterEach(async () => {
  await reader?.close();
  reader = null;
  await t.close();
});

const cashOut = (headers: { authorization: string }, pesos: number) => cashOutOf(t, headers, pesos);

describe(`money endpoints answer after the commit (${TEST_ENGINE})`, () => {
  it('200 concurrent cash-outs of one player: 142 held and answered with their balance, 58 refused, each answer sent after its commit', async () => {
    const player = await newPlayer(t, 10_000);
    const responses = await Promise.all(Array.from({ length: 200 }, () => cashOut(player.headers, 70)));
    const held = responses.filter((response) => response.statusCode === 201);
    expect(held).toHaveLength(142);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(58);
    for (const response of held) CashOutResponseSchema.parse(response.json());
    expect(await readBalance(t.store.db, player.id)).toBe(6_000);
    expect(await readLedgerSum(t.store.db, player.id)).toBe(6_000);
    // The second connection saw each held amount on disk when its answer was being sent.
    const seen = await Promise.all(committedWhenSent);
    expect(seen).toHaveLength(142);
    expect(seen.every(Boolean)).toBe(true);
  });
});
