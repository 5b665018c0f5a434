import type { Feature } from '../../context';
import { seedDemoActivity } from './demo-activity';
import { DEMO_ACTIVITY_SCHEMA } from './schema';

/** Demo data only: the demo player's week of bets, deposits and withdrawals (no routes). */
export const demoActivityFeature: Feature = {
  name: 'demo-activity',
  ...DEMO_ACTIVITY_SCHEMA,
  async seed(store, { demo, now }) {
    if (demo) await seedDemoActivity(store, now);
  },
  register() {},
};
