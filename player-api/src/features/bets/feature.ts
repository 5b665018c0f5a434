import { HISTORY_WINDOW_DAYS } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentUser } from '../../lib/auth';
import { betHistory, transactionHistory } from './bets';
import { BETS_MIGRATIONS } from './schema';

const DAY_MS = 86_400_000;

/** Bets and the two history endpoints (document 2, section 7). */
export const betsFeature: Feature = {
  name: 'bets',
  migrations: BETS_MIGRATIONS,
  register(app, ctx) {
    const since = () => new Date(ctx.now().getTime() - HISTORY_WINDOW_DAYS * DAY_MS);
    app.get('/bet/history', { preHandler: ctx.authenticate }, async (request) => betHistory(ctx.db, currentUser(request).id, since()));
    app.get('/transact/history', { preHandler: ctx.authenticate }, async (request) =>
      transactionHistory(ctx.db, currentUser(request).id, since()),
    );
  },
};
