import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyChange } from '../../db/money';
import { DEMO_PLAYER } from '../seed/seed';
import { PLAYER_ROLE, createUser } from '../../db/users';
import { openTestStore, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { depositsFeature } from '../deposits/feature';
import { appendEntry, readBalance, readLedgerSum } from '../ledger/ledger';
import { uploadsFeature } from '../uploads/feature';
import { withdrawalsFeature } from '../withdrawals/feature';
import { seedDemoActivity } from './demo-activity';
import { demoActivityFeature } from './feature';

/** The demo week on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`the demo week on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  let uploads: string;
  const previousUploadsDir = process.env.UPLOADS_DIR;
  beforeEach(async () => {
    // PostgreSQL keeps proofs in UPLOADS_DIR (SQLite: beside its file).
    uploads = mkdtempSync(join(tmpdir(), 'suwerte-demo-uploads-'));
    process.env.UPLOADS_DIR = uploads;
    t = await openTestStore([betsFeature, depositsFeature, uploadsFeature, withdrawalsFeature, demoActivityFeature]);
  });
  afterEach(async () => {
    await t.close();
    if (previousUploadsDir === undefined) delete process.env.UPLOADS_DIR;
    else process.env.UPLOADS_DIR = previousUploadsDir;
    rmSync(uploads, { recursive: true, force: true });
  });

  it('is seeded once, in one transaction, with balance = ledger sum; two seeds at once seed it once', async () => {
    const now = new Date();
    const { id } = await createUser(t.store.db, { username: DEMO_PLAYER.username, passwordHash: 'x', role: PLAYER_ROLE, now: new Date(now.getTime() - 200 * 3_600_000) });
    await moneyChange(t.store, (q) => appendEntry(q, { userId: id, amountCentavos: DEMO_PLAYER.openingBalancePesos * 100, kind: 'deposit', at: new Date(now.getTime() - 200 * 3_600_000) }));
    const results = await Promise.all([seedDemoActivity(t.store, now), seedDemoActivity(t.store, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoActivity(t.store, now)).toBe(false);
    expect(await readBalance(t.store.db, id)).toBe(await readLedgerSum(t.store.db, id));
    const count = async (table: 'bets' | 'deposits' | 'withdrawals' | 'uploads') =>
      Number((await t.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect([await count('bets'), await count('deposits'), await count('withdrawals'), await count('uploads')]).toEqual([21, 3, 3, 2]);
  });
});
