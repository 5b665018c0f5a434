import { describe, expect, it } from 'vitest';
import { userByUsername } from '../../db/users';
import { storePerTest, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { readBalance, readEntries } from '../ledger/ledger';
import { BETTOR_FLOAT_CENTAVOS, DEMO_BETTORS, seedSports } from './demo';
import { sportsFeature } from './feature';

let t: TestStore;
storePerTest([betsFeature, sportsFeature], (opened) => {
  t = opened;
});

describe('the demo bettors', () => {
  it('are made once, with one opening balance each, when several nodes seed the same database at once', async () => {
    const now = new Date('2026-11-24T08:00:00.000Z');
    // On PostgreSQL the four run on connections of their own, as nodes starting together do.
    await Promise.all([1, 2, 3, 4].map(() => seedSports(t.store, { demo: true, now })));
    await seedSports(t.store, { demo: true, now });
    for (const username of DEMO_BETTORS) {
      const user = await userByUsername(t.store.db, username);
      expect(user, username).toBeDefined();
      if (!user) continue;
      expect(await readBalance(t.store.db, user.id)).toBe(BETTOR_FLOAT_CENTAVOS);
      expect(await readEntries(t.store.db, user.id)).toHaveLength(1);
    }
  });
});
