import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { InsufficientFundsError, appendEntry, readBalance, readEntries, readLedgerSum } from '../features/ledger/ledger';
import { storePerTest, TEST_ENGINE, type TestStore } from '../testing/test-store';
import { moneyChange, transaction } from './money';
import { createUser, isUniqueViolation, userByUsername } from './users';

/** The money rules on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`the store on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  storePerTest([], (opened) => {
    t = opened;
  });

  const newPlayer = (username: string) => createUser(t.store.db, { username, passwordHash: 'x', role: 420, now: new Date() });

  it('finds usernames in any case and refuses the same name in another case', async () => {
    const user = await newPlayer('JuanDC');
    expect((await userByUsername(t.store.db, 'juandc'))?.id).toBe(user.id);
    const error = await newPlayer('juandc').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('moves the balance with each entry and refuses to go negative, writing nothing', async () => {
    const user = await newPlayer('p1');
    await moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: 10_000, kind: 'deposit' }));
    await expect(moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: -10_001, kind: 'bet' }))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await readBalance(t.store.db, user.id)).toBe(10_000);
    expect(await readEntries(t.store.db, user.id)).toHaveLength(1);
  });

  it('the database itself refuses what the code would never do', async () => {
    const user = await newPlayer('p2');
    await moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: 5_000, kind: 'deposit' }));
    const refused = async (statement: ReturnType<typeof sql>) => {
      await expect(statement.execute(t.store.db)).rejects.toThrow();
    };
    await refused(sql`UPDATE ledger SET amount_centavos = 999999 WHERE user_id = ${user.id}`);
    await refused(sql`DELETE FROM ledger WHERE user_id = ${user.id}`);
    await refused(sql`UPDATE users SET balance_centavos = 999999 WHERE id = ${user.id}`);
    await refused(sql`INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, description, created_at) VALUES ('x', ${user.id}, 100, 999, 'deposit', '', '2026-01-01')`);
    await refused(sql`INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, description, created_at) VALUES ('y', ${user.id}, -6000, -1000, 'bet', '', '2026-01-01')`);
    expect(await readBalance(t.store.db, user.id)).toBe(5_000);
    expect(await readLedgerSum(t.store.db, user.id)).toBe(5_000);
  });

  it('200 concurrent debits of one player: exactly the affordable ones, balance = ledger sum', async () => {
    const user = await newPlayer('p3');
    await moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: 15_000, kind: 'deposit' }));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: -100, kind: 'bet' }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(150);
    expect(results.filter((result) => result.status === 'rejected').every((result) => result.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await readBalance(t.store.db, user.id)).toBe(0);
    expect(await readLedgerSum(t.store.db, user.id)).toBe(0);
  });

  it('a transaction that throws leaves nothing behind', async () => {
    const user = await newPlayer('p4');
    await expect(
      transaction(t.store, async (q) => {
        await appendEntry(q, { userId: user.id, amountCentavos: 1_000, kind: 'deposit' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await readBalance(t.store.db, user.id)).toBe(0);
    expect(await readEntries(t.store.db, user.id)).toHaveLength(0);
  });
});
