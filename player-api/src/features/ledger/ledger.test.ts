import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PLAYER } from '../../db/seed';
import { PLAYER_ROLE, findUserByUsername, insertUser } from '../../db/users';
import { parseBody } from '../../lib/errors';
import { race } from '../../testing/race';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  InsufficientFundsError,
  UnknownAccountError,
  balanceOf,
  entriesByReference,
  fromCentavos,
  ledgerSum,
  listEntries,
  postEntry,
  toCentavos,
} from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A test-only money route, standing in for the bet/withdraw endpoints other features will add.
    extend(app, db) {
      app.post('/test/debit', async (request) => {
        const body = parseBody(z.object({ userId: z.string(), pesos: z.number().positive() }), request.body);
        // Yield first so the concurrent requests interleave before touching the ledger.
        await new Promise((resolve) => setImmediate(resolve));
        const { balanceCentavos } = postEntry(db, {
          userId: body.userId,
          amountCentavos: -toCentavos(body.pesos),
          kind: 'bet',
          description: 'test debit',
        });
        return { balance: fromCentavos(balanceCentavos) };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

let userCounter = 0;
function newUser(): string {
  userCounter += 1;
  return insertUser(t.db, { username: `ledger${userCounter}`, passwordHash: 'x', role: PLAYER_ROLE, now: t.clock.now() }).id;
}

describe('ledger', () => {
  it('seeds the demo player with ₱5,000.00 through one ledger entry', () => {
    const demo = findUserByUsername(t.db, DEMO_PLAYER.username);
    expect(demo).toBeDefined();
    // One opening entry; the demo week of features/demo-activity is posted after it.
    expect(entriesByReference(t.db, 'seed:opening-balance')).toEqual([
      expect.objectContaining({ userId: demo?.id, amountCentavos: 500_000, balanceAfterCentavos: 500_000, kind: 'deposit', description: 'Opening balance' }),
    ]);
    expect(balanceOf(t.db, demo?.id ?? '')).toBe(ledgerSum(t.db, demo?.id ?? ''));
  });

  it('keeps the balance equal to the ledger sum', () => {
    const userId = newUser();
    expect(balanceOf(t.db, userId)).toBe(0);
    expect(ledgerSum(t.db, userId)).toBe(0);
    const amounts = [100_000, -2_550, 15_005, -1, -99_999, 42];
    let expected = 0;
    for (const amountCentavos of amounts) {
      expected += amountCentavos;
      const posted = postEntry(t.db, { userId, amountCentavos, kind: amountCentavos > 0 ? 'deposit' : 'bet', reference: 'ref-1' });
      expect(posted.balanceCentavos).toBe(expected);
      expect(posted.id).toMatch(/^[0-9a-f]{24}$/);
      expect(balanceOf(t.db, userId)).toBe(ledgerSum(t.db, userId));
    }
    expect(balanceOf(t.db, userId)).toBe(12_497);
    const entries = listEntries(t.db, userId);
    expect(entries.map((entry) => entry.amountCentavos)).toEqual([...amounts].reverse());
    expect(entries[0]?.balanceAfterCentavos).toBe(12_497);
    expect(entriesByReference(t.db, 'ref-1')).toHaveLength(amounts.length);
  });

  it('refuses an overdraft with InsufficientFundsError and writes nothing', () => {
    const userId = newUser();
    postEntry(t.db, { userId, amountCentavos: 1_000, kind: 'deposit' });
    let caught: unknown;
    try {
      postEntry(t.db, { userId, amountCentavos: -1_001, kind: 'bet' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InsufficientFundsError);
    expect(caught).toMatchObject({ userId, balanceCentavos: 1_000, amountCentavos: -1_001, statusCode: 400, message: 'Insufficient balance' });
    expect(balanceOf(t.db, userId)).toBe(1_000);
    expect(listEntries(t.db, userId)).toHaveLength(1);
    // Exactly the balance is fine.
    expect(postEntry(t.db, { userId, amountCentavos: -1_000, kind: 'bet' }).balanceCentavos).toBe(0);
    expect(() => postEntry(t.db, { userId, amountCentavos: -1, kind: 'bet' })).toThrow(InsufficientFundsError);
  });

  it('rejects zero, fractional and unsafe amounts, and unknown users', () => {
    const userId = newUser();
    expect(() => postEntry(t.db, { userId, amountCentavos: 0, kind: 'deposit' })).toThrow(RangeError);
    expect(() => postEntry(t.db, { userId, amountCentavos: 1.5, kind: 'deposit' })).toThrow(RangeError);
    expect(() => postEntry(t.db, { userId, amountCentavos: Number.MAX_SAFE_INTEGER + 2, kind: 'deposit' })).toThrow(RangeError);
    expect(() => postEntry(t.db, { userId, amountCentavos: 100, kind: '' })).toThrow(RangeError);
    expect(() => postEntry(t.db, { userId: 'ffffffffffffffffffffffff', amountCentavos: 100, kind: 'deposit' })).toThrow(UnknownAccountError);
    expect(() => balanceOf(t.db, 'ffffffffffffffffffffffff')).toThrow(UnknownAccountError);
  });

  it('rejects UPDATE and DELETE on the ledger (append-only triggers)', () => {
    const userId = newUser();
    const { id } = postEntry(t.db, { userId, amountCentavos: 5_000, kind: 'deposit' });
    expect(() => t.db.prepare('UPDATE ledger SET amount_centavos = 999999 WHERE id = ?').run(id)).toThrow(/append-only/);
    expect(() => t.db.prepare('UPDATE ledger SET description = ? WHERE id = ?').run('edited', id)).toThrow(/append-only/);
    expect(() => t.db.prepare('DELETE FROM ledger WHERE id = ?').run(id)).toThrow(/append-only/);
    expect(() => t.db.prepare('DELETE FROM ledger').run()).toThrow(/append-only/);
    expect(listEntries(t.db, userId)).toHaveLength(1);
    expect(ledgerSum(t.db, userId)).toBe(5_000);
  });

  it('refuses a balance that is not the ledger sum, whoever writes it', () => {
    const userId = newUser();
    postEntry(t.db, { userId, amountCentavos: 5_000, kind: 'deposit' });
    expect(() => t.db.prepare('UPDATE users SET balance_centavos = 1000000 WHERE id = ?').run(userId)).toThrow(/ledger/);
    expect(() =>
      t.db
        .prepare(
          `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, created_at)
           VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', ?, 100, 999, 'deposit', '2025-01-01T00:00:00.000Z')`,
        )
        .run(userId),
    ).toThrow(/balance_after/);
    expect(() =>
      t.db
        .prepare(
          `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, created_at)
           VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', ?, -6000, -1000, 'bet', '2025-01-01T00:00:00.000Z')`,
        )
        .run(userId),
    ).toThrow(/CHECK/);
    expect(() =>
      t.db
        .prepare(
          `INSERT INTO users (id, username, password_hash, role, referral_code, balance_centavos, created_at, updated_at)
           VALUES ('cccccccccccccccccccccccc', 'freemoney', 'x', 420, 'FREEMONEY', 100, 'x', 'x')`,
        )
        .run(),
    ).toThrow(/starts at 0/);
    expect(balanceOf(t.db, userId)).toBe(5_000);
  });

  it('joins an outer transaction: an entry rolls back with the rest of it', () => {
    const userId = newUser();
    postEntry(t.db, { userId, amountCentavos: 10_000, kind: 'deposit' });
    expect(() =>
      t.db.transaction(() => {
        postEntry(t.db, { userId, amountCentavos: -4_000, kind: 'bet' });
        throw new Error('the bet row could not be written');
      })(),
    ).toThrow('the bet row could not be written');
    expect(balanceOf(t.db, userId)).toBe(10_000);
    expect(listEntries(t.db, userId)).toHaveLength(1);
  });

  it('100 concurrent debits over HTTP cannot overdraw: only the affordable ones succeed', async () => {
    const userId = newUser();
    postEntry(t.db, { userId, amountCentavos: toCentavos(1_000), kind: 'deposit' });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: '/test/debit', payload: { userId, pesos: 17 } })),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(ok).toHaveLength(58); // floor(1000 / 17)
    expect(refused).toHaveLength(42);
    for (const response of refused) expect(response.json()).toEqual({ message: 'Insufficient balance' });
    const balances = ok.map((response) => (response.json() as { balance: number }).balance).sort((a, b) => b - a);
    expect(balances[balances.length - 1]).toBe(14);
    expect(new Set(balances).size).toBe(58);
    expect(balanceOf(t.db, userId)).toBe(1_400);
    expect(ledgerSum(t.db, userId)).toBe(1_400);
  });

  it('several processes debiting the same account at once cannot overdraw (BEGIN IMMEDIATE + busy timeout)', async () => {
    const userId = newUser();
    postEntry(t.db, { userId, amountCentavos: toCentavos(1_000), kind: 'deposit' });
    const results = await race(new URL('./debit-race.worker.ts', import.meta.url), Array.from({ length: 4 }, () => [t.dbPath, userId, '40', '1700']));
    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(results.reduce((sum, result) => sum + result.ok, 0)).toBe(58);
    expect(results.reduce((sum, result) => sum + result.refused, 0)).toBe(160 - 58);
    expect(balanceOf(t.db, userId)).toBe(1_400);
    expect(ledgerSum(t.db, userId)).toBe(1_400);
  });
});
