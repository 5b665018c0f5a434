import { REQUEST_STATUS } from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import { moneyChange } from '../../db/money';
import { PLAYER_ROLE, createUser } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { AlreadyDecidedError } from '../../lib/requests';
import { storePerTest, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { appendEntry, readBalance, readEntries, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import { withdrawalsFeature } from './feature';
import { findWithdrawal, insufficientText, rejectWithdrawal, requestWithdrawal, withdrawalHistory } from './withdrawals';

/** Withdrawals on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`withdrawals on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  let userId: string;
  storePerTest([withdrawalsFeature], async (opened) => {
    t = opened;
    userId = (await createUser(t.store.db, { username: 'withdrawer', passwordHash: 'x', role: PLAYER_ROLE, now: new Date() })).id;
    await moneyChange(t.store, (q) => appendEntry(q, { userId, amountCentavos: 100_000, kind: 'deposit' }));
  });

  const withdraw = (amountCentavos: number) =>
    moneyChange(t.store, (q) =>
      requestWithdrawal(q, { userId, channel: 'instapay', mode: 'GCASH', accountName: 'Juan', accountNumber: '0917', amountCentavos, now: new Date() }),
    );

  it('200 concurrent withdrawals of one player: exactly the affordable ones are held, balance = ledger sum', async () => {
    // ₱1,000.00 and 200 requests of ₱70.00: 14 fit, ₱20.00 stays.
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => withdraw(7_000)));
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(accepted).toHaveLength(14);
    expect(refused).toHaveLength(186);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(HttpError);
      expect((result.reason as HttpError).message).toMatch(/^Insufficient balance: you can withdraw up to ₱/);
    }
    expect(await readBalance(t.store.db, userId)).toBe(2_000);
    expect(await readLedgerSum(t.store.db, userId)).toBe(2_000);
    const entries = await readEntries(t.store.db, userId);
    expect(entries).toHaveLength(15);
    expect(entries.every((entry) => entry.balanceAfterCentavos >= 0)).toBe(true);
    // A refused request leaves no row behind: the history holds exactly the accepted ones.
    expect(await withdrawalHistory(t.store.db, userId, new Date())).toHaveLength(14);
  });

  it('an amount above the balance writes nothing and says how much can be withdrawn', async () => {
    await expect(withdraw(100_001)).rejects.toThrow(insufficientText(100_000));
    expect(await readBalance(t.store.db, userId)).toBe(100_000);
    expect(await withdrawalHistory(t.store.db, userId, new Date())).toEqual([]);
  });

  it('two concurrent rejections of one withdrawal refund its hold once', async () => {
    const { id } = await withdraw(30_000);
    const reject = () => moneyChange(t.store, (q) => rejectWithdrawal(q, id, { by: 'operator1', now: new Date() }));
    const results = await Promise.allSettled([reject(), reject()]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((result) => result.status === 'rejected');
    expect(failure?.reason).toBeInstanceOf(AlreadyDecidedError);
    expect((await findWithdrawal(t.store.db, id))?.status).toBe(REQUEST_STATUS.REJECTED);
    expect(await readEntriesByReference(t.store.db, id)).toHaveLength(2);
    expect(await readBalance(t.store.db, userId)).toBe(100_000);
    expect(await readLedgerSum(t.store.db, userId)).toBe(100_000);
  });
});
