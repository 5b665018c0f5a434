import { operatorEndpoints, OPERATOR_REVIEW_PAGE } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { moneyChange } from '../../db/money';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/requests';
import { decide, listRequests } from './operator';

export { OPERATORS_ONLY_TEXT } from '../../lib/auth';

/**
 * Back-office endpoints for an operator account (role 1, e.g. the demo `operator1`; the site
 * itself refuses such accounts): review and decide pending deposits and withdrawals.
 *
 * - GET  /operator/{deposits|withdrawals}?status=pending|all&limit=1…500&after=<cursor>: one page
 *   (100 by default); a `Link: <…>; rel="next"` header points at the next page while there is one
 * - POST /operator/{deposits|withdrawals}/{id}/{approve|reject}
 */
export const operatorFeature: Feature = {
  name: 'operator',
  register(app, ctx) {
    registerEndpoint(app, ctx, operatorEndpoints.requests, async ({ params, query, reply }) => {
      const limit = query.limit ?? OPERATOR_REVIEW_PAGE.default;
      const after = query.after === undefined ? null : decodeCursor(query.after);
      if (query.after !== undefined && !after) throw new HttpError(400, 'after must be a cursor from a previous page');
      const page = await listRequests(ctx.store.db, params.kind, { pendingOnly: query.status === 'pending', limit, after, now: ctx.now(), publicUrl: ctx.publicUrl });
      if (page.next) {
        const next = new URLSearchParams({ status: query.status, limit: String(limit), after: encodeCursor(page.next) });
        void reply.header('Link', `<${ctx.publicUrl}/operator/${params.kind}?${next.toString()}>; rel="next"`);
      }
      return page.items;
    });

    registerEndpoint(app, ctx, operatorEndpoints.decide, ({ params, user }) =>
      moneyChange(ctx.store, (q) => decide(q, params.kind, params.id, params.decision, { by: user.username, deciderId: user.id, now: ctx.now(), publicUrl: ctx.publicUrl })),
    );
  },
};
