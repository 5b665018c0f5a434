import { REQUEST_STATUS } from '@suwerte/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moneyChange } from '../../db/money';
import { PLAYER_ROLE, createUser } from '../../db/users';
import { storePerTest, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { readBalance, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import { AlreadyDecidedError, GATEWAY_QR_TTL_MS, approveDeposit, createGatewayDeposit, createManualDeposit, expireGatewayDeposits, findDeposit, rejectDeposit } from './deposits';
import { depositsFeature } from './feature';
import { manualDepositRequest } from '../../testing/money';

/** Deposit decisions on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`deposits on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  let userId: string;
  storePerTest([depositsFeature], async (opened) => {
    t = opened;
    userId = (await createUser(t.store.db, { username: 'depositor', passwordHash: 'x', role: PLAYER_ROLE, now: new Date() })).id;
  });

  const manualDeposit = () => createManualDeposit(t.store.db, manualDepositRequest(userId));

  it('two concurrent approvals of one deposit credit it once', async () => {
    const { id } = await manualDeposit();
    const approve = (by: string) => moneyChange(t.store, (q) => approveDeposit(q, id, { by, now: new Date() }));
    const results = await Promise.allSettled([approve('operator1'), approve('operator2')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(AlreadyDecidedError);
    expect((await findDeposit(t.store.db, id))?.status).toBe(REQUEST_STATUS.APPROVED);
    expect(await readEntriesByReference(t.store.db, id)).toHaveLength(1);
    expect(await readBalance(t.store.db, userId)).toBe(50_000);
    expect(await readLedgerSum(t.store.db, userId)).toBe(50_000);
  });

  it('an approval racing a rejection: exactly one decision, money only if it was the approval', async () => {
    const { id } = await manualDeposit();
    const results = await Promise.allSettled([
      moneyChange(t.store, (q) => approveDeposit(q, id, { by: 'operator1', now: new Date() })),
      moneyChange(t.store, (q) => rejectDeposit(q, id, { by: 'operator2', now: new Date() })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const status = (await findDeposit(t.store.db, id))?.status;
    const credited = status === REQUEST_STATUS.APPROVED ? 50_000 : 0;
    expect(await readBalance(t.store.db, userId)).toBe(credited);
    expect(await readEntriesByReference(t.store.db, id)).toHaveLength(credited === 0 ? 0 : 1);
  });

  it('an expired QR deposit cannot be paid; the database refuses a second decision whoever writes it', async () => {
    const created = new Date();
    const { id } = await createGatewayDeposit(t.store.db, { userId, amountCentavos: 20_000, mode: 'QRPH', now: created });
    expect(await expireGatewayDeposits(t.store.db, new Date(created.getTime() + GATEWAY_QR_TTL_MS + 1_000))).toBe(1);
    await expect(moneyChange(t.store, (q) => approveDeposit(q, id, { by: 'gateway', now: new Date() }))).rejects.toBeInstanceOf(AlreadyDecidedError);
    await expect(sql`UPDATE deposits SET status = ${REQUEST_STATUS.APPROVED} WHERE id = ${id}`.execute(t.store.db)).rejects.toThrow(/already decided/);
    expect(await readBalance(t.store.db, userId)).toBe(0);
  });
});
