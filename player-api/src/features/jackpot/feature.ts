import { jackpotEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { listJackpots, setJackpot } from './jackpot';

/** The jackpot pools: the public figure and the operator's setting (document 1 and 2, section 7). */
export const jackpotFeature: Feature = {
  name: 'jackpot',
  register(app, ctx) {
    registerEndpoint(app, ctx, jackpotEndpoints.jackpot, () => listJackpots(ctx.store.db));
    registerEndpoint(app, ctx, jackpotEndpoints.setJackpot, ({ body }) => setJackpot(ctx.store.db, body, ctx.now()));
  },
};
