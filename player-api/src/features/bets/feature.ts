import { HISTORY_WINDOW_DAYS, historyEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { betHistory, transactionHistory } from './bets';
import { BETS_SCHEMA } from './schema';

const DAY_MS = 86_400_000;

/** Bets and the two history endpoints (document 2, section 7). */
export const betsFeature: Feature = {
  name: 'bets',
  ...BETS_SCHEMA,
  register(app, ctx) {
    const since = () => new Date(ctx.now().getTime() - HISTORY_WINDOW_DAYS * DAY_MS);
    registerEndpoint(app, ctx, historyEndpoints.bets, ({ user }) => betHistory(ctx.store.db, user.id, since()));
    registerEndpoint(app, ctx, historyEndpoints.transactions, ({ user }) => transactionHistory(ctx.store.db, user.id, since()));
  },
};
