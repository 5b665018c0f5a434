import { operatorEndpoints } from '@suwerte/shared/endpoints';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { decide, listRequests } from './operator';

export { OPERATORS_ONLY_TEXT } from '../../lib/auth';

/**
 * Back-office endpoints for an operator account (role 1, e.g. the demo `operator1`; the site
 * itself refuses such accounts): review and decide pending deposits and withdrawals.
 *
 * - GET  /operator/{deposits|withdrawals}?status=pending|all
 * - POST /operator/{deposits|withdrawals}/{id}/{approve|reject}
 */
export const operatorFeature: Feature = {
  name: 'operator',
  register(app, ctx) {
    registerEndpoint(app, ctx, operatorEndpoints.requests, ({ params, query }) =>
      listRequests(ctx.db, params.kind, { pendingOnly: query.status === 'pending', now: ctx.now(), publicUrl: ctx.publicUrl }),
    );

    registerEndpoint(app, ctx, operatorEndpoints.decide, ({ params, user }) =>
      decide(ctx.db, params.kind, params.id, params.decision, { by: user.username, now: ctx.now(), publicUrl: ctx.publicUrl }),
    );
  },
};
