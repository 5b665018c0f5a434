import type { Feature } from '../../context';
import { DEMO_ACTIVITY_MIGRATIONS, DEMO_ACTIVITY_POSTGRES_MIGRATIONS, seedDemoActivity } from './demo-activity';

/** Demo data only: the demo player's week of bets, deposits and withdrawals (no routes). */
export const demoActivityFeature: Feature = {
  name: 'demo-activity',
  migrations: DEMO_ACTIVITY_MIGRATIONS,
  postgresMigrations: DEMO_ACTIVITY_POSTGRES_MIGRATIONS,
  async seed(store, { demo, now }) {
    if (demo) await seedDemoActivity(store, now);
  },
  register() {},
};
