import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientFundsError, readBalance, readLedgerSum } from '../features/ledger/ledger';
import { TEST_ENGINE, openTestStore, type TestStore } from '../testing/test-store';
import { moneyChange } from './money';
import { debit, fundedUser as fundedUserOf, ledgerRows as ledgerRowsOf } from '../testing/money';

let t: TestStore;
beforeEach(async () => {
  t = await openTestStore();
});
afterEach(() => t.close());

const fundedUser = (centavos: number) => fundedUserOf(t.store, centavos);
const ledgerRows = () => ledgerRowsOf(t.store);

describe(`money changes on ${TEST_ENGINE}`, () => {
  it('200 concurrent debits over several players: exact per player, never below zero, balance = ledger sum', async () => {
    const players = [await fundedUser(100_000), await fundedUser(50_000)];
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => moneyChange(t.store, debit(players[i % 2] ?? '', 700))));
    const ok = results.filter((result) => result.status === 'fulfilled');
    // floor(1000 / 7) = 142 but only 100 tries each for the first; floor(500 / 7) = 71 for the second.
    expect(ok).toHaveLength(100 + 71);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof InsufficientFundsError)).toHaveLength(29);
    expect(await readBalance(t.store.db, players[0] ?? '')).toBe(30_000);
    expect(await readBalance(t.store.db, players[1] ?? '')).toBe(300);
    for (const player of players) expect(await readLedgerSum(t.store.db, player)).toBe(await readBalance(t.store.db, player));
    const lowest = await sql<{ low: number }>`SELECT MIN(balance_after_centavos) AS low FROM ledger`.execute(t.store.db);
    expect(Number(lowest.rows[0]?.low)).toBeGreaterThanOrEqual(0);
  });

  it('a change whose commit fails is rejected and leaves nothing', async () => {
    await sql`CREATE TABLE commit_guard (user_id TEXT REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(t.store.db);
    const user = await fundedUser(10_000);
    const rowsBefore = await ledgerRows();
    await expect(
      moneyChange(t.store, async (q) => {
        await debit(user, 2_000)(q);
        await sql`INSERT INTO commit_guard (user_id) VALUES ('no such user')`.execute(q);
      }),
    ).rejects.toThrow();
    expect(await ledgerRows()).toBe(rowsBefore);
    expect(await readBalance(t.store.db, user)).toBe(10_000);
    await expect(moneyChange(t.store, debit(user, 1_000))).resolves.toMatchObject({ balanceCentavos: 9_000 });
  });
});
