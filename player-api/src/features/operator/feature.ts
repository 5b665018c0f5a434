import { OPERATOR_DECISIONS, OPERATOR_REQUEST_KINDS, type OperatorDecision, type OperatorRequestKind } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentOperator } from '../../lib/auth';
import { HttpError, NOT_FOUND_TEXT } from '../../lib/errors';
import { REVIEW_PAGE, decodeCursor, encodeCursor } from '../../lib/requests';
import { decide, listRequests } from './operator';

export { OPERATORS_ONLY_TEXT } from '../../lib/auth';

const isKind = (value: string): value is OperatorRequestKind => (OPERATOR_REQUEST_KINDS as readonly string[]).includes(value);
const isDecision = (value: string): value is OperatorDecision => (OPERATOR_DECISIONS as readonly string[]).includes(value);

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
    app.get<{ Params: { kind: string }; Querystring: Record<string, unknown> }>(
      '/operator/:kind',
      { preHandler: ctx.authenticateOperator },
      async (request, reply) => {
        currentOperator(request);
        const { kind } = request.params;
        if (!isKind(kind)) throw new HttpError(404, NOT_FOUND_TEXT);
        const { status = 'pending', limit = String(REVIEW_PAGE.default), after } = request.query;
        if (status !== 'pending' && status !== 'all') throw new HttpError(400, 'status must be pending or all');
        const size = typeof limit === 'string' && /^\d{1,3}$/.test(limit) ? Number(limit) : 0;
        if (size < 1 || size > REVIEW_PAGE.max) throw new HttpError(400, `limit must be a whole number from 1 to ${REVIEW_PAGE.max}`);
        const cursor = after === undefined ? null : typeof after === 'string' ? decodeCursor(after) : null;
        if (after !== undefined && !cursor) throw new HttpError(400, 'after must be a cursor from a previous page');
        const page = listRequests(ctx.db, kind, { pendingOnly: status === 'pending', limit: size, after: cursor, now: ctx.now(), publicUrl: ctx.publicUrl });
        if (page.next) {
          const query = new URLSearchParams({ status, limit: String(size), after: encodeCursor(page.next) });
          void reply.header('Link', `<${ctx.publicUrl}/operator/${kind}?${query.toString()}>; rel="next"`);
        }
        return page.items;
      },
    );

    app.post<{ Params: { kind: string; id: string; decision: string } }>(
      '/operator/:kind/:id/:decision',
      { preHandler: ctx.authenticateOperator },
      async (request) => {
        const user = currentOperator(request);
        const { kind, id, decision } = request.params;
        if (!isKind(kind) || !isDecision(decision)) throw new HttpError(404, NOT_FOUND_TEXT);
        return decide(ctx.db, kind, id, decision, { by: user.username, deciderId: user.id, now: ctx.now(), publicUrl: ctx.publicUrl });
      },
    );
  },
};
