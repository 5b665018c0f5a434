import { describe, expect, it } from 'vitest';
import { listJackpots } from '../jackpot/jackpot';
import { readBalance, readEntries } from '../ledger/ledger';
import { storePerTest, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { DEMO_OPERATOR, DEMO_PLAYER, HOUSE, JACKPOT_SEED, seed } from './seed';
import { userByReferralCode, userByUsername } from '../../db/users';

/** The seed on whichever engine the suite runs on (SQLite by default, PostgreSQL with TEST_DATABASE_URL). */
describe(`the seed on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  storePerTest([], (opened) => {
    t = opened;
  });
  const now = new Date('2025-06-01T08:00:00.000Z');

  it('is idempotent, also when several seeds run at once (a unique violation means already there)', async () => {
    await Promise.all([seed(t.store, { demo: true, now }), seed(t.store, { demo: true, now }), seed(t.store, { demo: true, now })]);
    await seed(t.store, { demo: true, now });
    const users = await t.store.db.selectFrom('users').select('username').orderBy('username').execute();
    expect(users.map((user) => user.username)).toEqual([DEMO_PLAYER.username, DEMO_OPERATOR.username, HOUSE.username].sort());
    const demo = await userByUsername(t.store.db, DEMO_PLAYER.username);
    expect(await readBalance(t.store.db, demo?.id ?? '')).toBe(DEMO_PLAYER.openingBalancePesos * 100);
    expect(await readEntries(t.store.db, demo?.id ?? '')).toHaveLength(1);
    expect(await listJackpots(t.store.db)).toEqual([JACKPOT_SEED]);
    expect((await userByReferralCode(t.store.db, 'suwerte'))?.username).toBe(HOUSE.username);
  });

  it('production seeds the house account only', async () => {
    await seed(t.store, { demo: false, now });
    expect((await t.store.db.selectFrom('users').select('username').execute()).map((user) => user.username)).toEqual([HOUSE.username]);
    expect(await listJackpots(t.store.db)).toEqual([]);
  });
});

