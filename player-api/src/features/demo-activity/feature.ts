import type { Feature } from '../../context';
import { DEMO_ACTIVITY_MIGRATIONS, seedDemoActivity } from './demo-activity';

/** Demo data only: the demo player's week of bets, deposits and withdrawals (no routes). */
export const demoActivityFeature: Feature = {
  name: 'demo-activity',
  migrations: DEMO_ACTIVITY_MIGRATIONS,
  async seed(db, { demo, now }) {
    if (demo) await seedDemoActivity(db, now);
  },
  register() {},
};
