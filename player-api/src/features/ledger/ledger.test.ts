import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromCentavos, toCentavos } from '@suwerte/money';
import { moneyChange, transaction } from '../../db/money';
import { DEMO_PLAYER } from '../seed/seed';
import { PLAYER_ROLE, createUser, userByUsername } from '../../db/users';
import { race } from '../../testing/race';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_ENGINE } from '../../testing/test-store';
import {
  InsufficientFundsError,
  UnknownAccountError,
  appendEntry,
  readBalance,
  readEntries,
  readEntriesByReference,
  readLedgerSum,
  type LedgerEntryInput,
} from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A test-only money route, standing in for the bet/withdraw endpoints.
    extend(app, store) {
      const schema = { body: z.object({ userId: z.string(), pesos: z.number().positive() }) };
      app.withTypeProvider<ZodTypeProvider>().post('/test/debit', { schema }, async ({ body }) => {
        // Yield first so the concurrent requests interleave before touching the ledger.
        await new Promise((resolve) => setImmediate(resolve));
        const { balanceCentavos } = await moneyChange(store, (q) =>
          appendEntry(q, { userId: body.userId, amountCentavos: -toCentavos(body.pesos), kind: 'bet', description: 'test debit' }),
        );
        return { balance: fromCentavos(balanceCentavos) };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

let userCounter = 0;
async function newUser(): Promise<string> {
  userCounter += 1;
  return (await createUser(t.store.db, { username: `ledger${userCounter}`, passwordHash: 'x', role: PLAYER_ROLE, now: t.clock.now() })).id;
}
const post = (input: LedgerEntryInput) => moneyChange(t.store, (q) => appendEntry(q, input));
const balance = (userId: string) => readBalance(t.store.db, userId);
const sum = (userId: string) => readLedgerSum(t.store.db, userId);
const refused = (statement: ReturnType<typeof sql>, text: RegExp) => expect(statement.execute(t.store.db)).rejects.toThrow(text);

describe(`ledger on ${TEST_ENGINE}`, () => {
  it('seeds the demo player with ₱5,000.00 through one ledger entry', async () => {
    const demo = await userByUsername(t.store.db, DEMO_PLAYER.username);
    expect(demo).toBeDefined();
    // One opening entry; the demo week of features/demo-activity is posted after it.
    expect(await readEntriesByReference(t.store.db, 'seed:opening-balance')).toEqual([
      expect.objectContaining({ userId: demo?.id, amountCentavos: 500_000, balanceAfterCentavos: 500_000, kind: 'deposit', description: 'Opening balance' }),
    ]);
    expect(await balance(demo?.id ?? '')).toBe(await sum(demo?.id ?? ''));
  });

  it('keeps the balance equal to the ledger sum', async () => {
    const userId = await newUser();
    expect(await balance(userId)).toBe(0);
    expect(await sum(userId)).toBe(0);
    const amounts = [100_000, -2_550, 15_005, -1, -99_999, 42];
    let expected = 0;
    for (const amountCentavos of amounts) {
      expected += amountCentavos;
      const posted = await post({ userId, amountCentavos, kind: amountCentavos > 0 ? 'deposit' : 'bet', reference: 'ref-1' });
      expect(posted.balanceCentavos).toBe(expected);
      expect(posted.id).toMatch(/^[0-9a-f]{24}$/);
      expect(await balance(userId)).toBe(await sum(userId));
    }
    expect(await balance(userId)).toBe(12_497);
    const entries = await readEntries(t.store.db, userId);
    expect(entries.map((entry) => entry.amountCentavos)).toEqual([...amounts].reverse());
    expect(entries[0]?.balanceAfterCentavos).toBe(12_497);
    expect(await readEntriesByReference(t.store.db, 'ref-1')).toHaveLength(amounts.length);
  });

  it('refuses an overdraft with InsufficientFundsError and writes nothing', async () => {
    const userId = await newUser();
    await post({ userId, amountCentavos: 1_000, kind: 'deposit' });
    const caught = await post({ userId, amountCentavos: -1_001, kind: 'bet' }).catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(InsufficientFundsError);
    expect(caught).toMatchObject({ userId, balanceCentavos: 1_000, amountCentavos: -1_001, statusCode: 400, message: 'Insufficient balance' });
    expect(await balance(userId)).toBe(1_000);
    expect(await readEntries(t.store.db, userId)).toHaveLength(1);
    // Exactly the balance is fine.
    expect((await post({ userId, amountCentavos: -1_000, kind: 'bet' })).balanceCentavos).toBe(0);
    await expect(post({ userId, amountCentavos: -1, kind: 'bet' })).rejects.toThrow(InsufficientFundsError);
  });

  it('rejects zero, fractional and unsafe amounts, and unknown users', async () => {
    const userId = await newUser();
    await expect(post({ userId, amountCentavos: 0, kind: 'deposit' })).rejects.toThrow(RangeError);
    await expect(post({ userId, amountCentavos: 1.5, kind: 'deposit' })).rejects.toThrow(RangeError);
    await expect(post({ userId, amountCentavos: Number.MAX_SAFE_INTEGER + 2, kind: 'deposit' })).rejects.toThrow(RangeError);
    await expect(post({ userId, amountCentavos: 100, kind: '' })).rejects.toThrow(RangeError);
    await expect(post({ userId: 'ffffffffffffffffffffffff', amountCentavos: 100, kind: 'deposit' })).rejects.toThrow(UnknownAccountError);
    await expect(balance('ffffffffffffffffffffffff')).rejects.toThrow(UnknownAccountError);
  });

  it('rejects UPDATE and DELETE on the ledger (append-only triggers)', async () => {
    const userId = await newUser();
    const { id } = await post({ userId, amountCentavos: 5_000, kind: 'deposit' });
    await refused(sql`UPDATE ledger SET amount_centavos = 999999 WHERE id = ${id}`, /append-only/);
    await refused(sql`UPDATE ledger SET description = 'edited' WHERE id = ${id}`, /append-only/);
    await refused(sql`DELETE FROM ledger WHERE id = ${id}`, /append-only/);
    await refused(sql`DELETE FROM ledger`, /append-only/);
    expect(await readEntries(t.store.db, userId)).toHaveLength(1);
    expect(await sum(userId)).toBe(5_000);
  });

  it('refuses a balance that is not the ledger sum, whoever writes it', async () => {
    const userId = await newUser();
    await post({ userId, amountCentavos: 5_000, kind: 'deposit' });
    await refused(sql`UPDATE users SET balance_centavos = 1000000 WHERE id = ${userId}`, /ledger/);
    await refused(
      sql`INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, created_at)
          VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', ${userId}, 100, 999, 'deposit', '2025-01-01T00:00:00.000Z')`,
      /balance_after/,
    );
    await refused(
      sql`INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, created_at)
          VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', ${userId}, -6000, -1000, 'bet', '2025-01-01T00:00:00.000Z')`,
      /CHECK|check constraint/,
    );
    await refused(
      sql`INSERT INTO users (id, username, password_hash, role, referral_code, balance_centavos, created_at, updated_at)
          VALUES ('cccccccccccccccccccccccc', 'freemoney', 'x', 420, 'FREEMONEY', 100, 'x', 'x')`,
      /starts at 0/,
    );
    expect(await balance(userId)).toBe(5_000);
  });

  it('an entry rolls back with the rest of its transaction', async () => {
    const userId = await newUser();
    await post({ userId, amountCentavos: 10_000, kind: 'deposit' });
    await expect(
      transaction(t.store, async (q) => {
        await appendEntry(q, { userId, amountCentavos: -4_000, kind: 'bet' });
        throw new Error('the bet row could not be written');
      }),
    ).rejects.toThrow('the bet row could not be written');
    expect(await balance(userId)).toBe(10_000);
    expect(await readEntries(t.store.db, userId)).toHaveLength(1);
  });

  it('100 concurrent debits over HTTP cannot overdraw: only the affordable ones succeed', async () => {
    const userId = await newUser();
    await post({ userId, amountCentavos: toCentavos(1_000), kind: 'deposit' });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: '/test/debit', payload: { userId, pesos: 17 } })),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    const refusedAnswers = responses.filter((response) => response.statusCode === 400);
    expect(ok).toHaveLength(58); // floor(1000 / 17)
    expect(refusedAnswers).toHaveLength(42);
    for (const response of refusedAnswers) expect(response.json()).toEqual({ message: 'Insufficient balance' });
    const balances = ok.map((response) => (response.json() as { balance: number }).balance).sort((a, b) => b - a);
    expect(balances[balances.length - 1]).toBe(14);
    expect(new Set(balances).size).toBe(58);
    expect(await balance(userId)).toBe(1_400);
    expect(await sum(userId)).toBe(1_400);
  });

  it.each([
    ['one after another', 'sequential'],
    ['all at once (grouped commits on SQLite)', 'concurrent'],
  ])('several processes debiting the same account %s cannot overdraw', async (_how, mode) => {
    const userId = await newUser();
    await post({ userId, amountCentavos: toCentavos(1_000), kind: 'deposit' });
    const results = await race(new URL('../../testing/debit-race.worker.ts', import.meta.url), Array.from({ length: 4 }, () => [t.location, userId, '40', '1700', mode]));
    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(results.reduce((total, result) => total + result.ok, 0)).toBe(58);
    expect(results.reduce((total, result) => total + result.refused, 0)).toBe(160 - 58);
    expect(await balance(userId)).toBe(1_400);
    expect(await sum(userId)).toBe(1_400);
  });
});
