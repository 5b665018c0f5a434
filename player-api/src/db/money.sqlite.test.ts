import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientFundsError, readBalance, readLedgerSum } from '../features/ledger/ledger';
import { openTestStore, type TestStore } from '../testing/test-store';
import { GroupCommitError, SqliteGroupCommit } from './money';
import { debit, fundedUser as fundedUserOf, ledgerRows as ledgerRowsOf } from '../testing/money';

// SQLite's group commit (decision 095); the suite's PostgreSQL run leaves *.sqlite.test.ts out.
let t: TestStore;
beforeEach(async () => {
  t = await openTestStore([], { engine: 'sqlite' });
});
afterEach(() => t.close());

const fundedUser = (centavos: number) => fundedUserOf(t.store, centavos);
const ledgerRows = () => ledgerRowsOf(t.store);

describe('group commit on SQLite', () => {
  it('runs the changes of one turn in one group; a change that throws rolls back alone and gets its own error', async () => {
    const group = new SqliteGroupCommit(t.store);
    const [a, b, c] = [await fundedUser(10_000), await fundedUser(10_000), await fundedUser(10_000)];
    const results = await Promise.allSettled([
      group.run(debit(a, 3_000)),
      group.run(debit(b, 10_001)),
      group.run(async (q) => {
        // Writes, then fails validation: its savepoint takes the write back.
        await debit(c, 4_000)(q);
        throw new RangeError('not a valid bet');
      }),
      group.run(debit(c, 6_000)),
    ]);
    expect(group.stats).toEqual({ groups: 1, failedGroups: 0, changes: 4, refused: 2 });
    expect(results[0]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ balanceCentavos: 7_000 }) });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientFundsError) });
    expect(results[2]).toMatchObject({ status: 'rejected', reason: new RangeError('not a valid bet') });
    // The fourth change saw the third's rollback: it debited from 100, not from 60.
    expect(results[3]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ balanceCentavos: 4_000 }) });
    for (const [user, centavos] of [[a, 7_000], [b, 10_000], [c, 4_000]] as const) {
      expect(await readBalance(t.store.db, user)).toBe(centavos);
      expect(await readLedgerSum(t.store.db, user)).toBe(centavos);
    }
  });

  it('a COMMIT that fails rejects every change of the group and leaves balances and ledger as they were', async () => {
    // A deferred foreign key is checked at COMMIT: a dangling row makes the group's COMMIT fail, as SQLite really does.
    await sql`CREATE TABLE commit_guard (user_id TEXT REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`.execute(t.store.db);
    const group = new SqliteGroupCommit(t.store);
    const [a, b] = [await fundedUser(10_000), await fundedUser(10_000)];
    const rowsBefore = await ledgerRows();
    const results = await Promise.allSettled([
      group.run(debit(a, 1_000)),
      group.run(async (q) => {
        await debit(b, 2_000)(q);
        await sql`INSERT INTO commit_guard (user_id) VALUES ('no such user')`.execute(q);
      }),
      group.run(debit(b, 50_000)),
    ]);
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: expect.any(GroupCommitError) });
    expect(results[0]).toMatchObject({ reason: { groupSize: 3, cause: expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }) } });
    expect(group.stats).toMatchObject({ groups: 1, failedGroups: 1 });
    expect(t.store.sqlite?.inTransaction).toBe(false);
    expect(await ledgerRows()).toBe(rowsBefore);
    for (const user of [a, b]) expect(await readBalance(t.store.db, user)).toBe(10_000);
    // The connection is fine: the next group commits.
    await expect(group.run(debit(a, 1_000))).resolves.toMatchObject({ balanceCentavos: 9_000 });
  });

  it('caps a group: more waiting changes form the next groups', async () => {
    const group = new SqliteGroupCommit(t.store, 3);
    const user = await fundedUser(10_000);
    const balances = await Promise.all(Array.from({ length: 7 }, () => group.run(debit(user, 100))));
    expect(group.stats).toMatchObject({ groups: 3, changes: 7, failedGroups: 0 });
    expect(balances.map((posted) => posted.balanceCentavos)).toEqual([9_900, 9_800, 9_700, 9_600, 9_500, 9_400, 9_300]);
  });
});
