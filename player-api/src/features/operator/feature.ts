import { OPERATOR_DECISIONS, OPERATOR_REQUEST_KINDS, type OperatorDecision, type OperatorRequestKind } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentOperator } from '../../lib/auth';
import { HttpError, NOT_FOUND_TEXT } from '../../lib/errors';
import { decide, listRequests } from './operator';

export { OPERATORS_ONLY_TEXT } from '../../lib/auth';

const isKind = (value: string): value is OperatorRequestKind => (OPERATOR_REQUEST_KINDS as readonly string[]).includes(value);
const isDecision = (value: string): value is OperatorDecision => (OPERATOR_DECISIONS as readonly string[]).includes(value);

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
    app.get<{ Params: { kind: string }; Querystring: { status?: string } }>(
      '/operator/:kind',
      { preHandler: ctx.authenticateOperator },
      async (request) => {
        currentOperator(request);
        const { kind } = request.params;
        if (!isKind(kind)) throw new HttpError(404, NOT_FOUND_TEXT);
        const status = request.query.status ?? 'pending';
        if (status !== 'pending' && status !== 'all') throw new HttpError(400, 'status must be pending or all');
        return listRequests(ctx.db, kind, { pendingOnly: status === 'pending', now: ctx.now(), publicUrl: ctx.publicUrl });
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
