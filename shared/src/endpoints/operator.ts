// Back-office endpoints (not called by the site): an operator reviews and decides pending
// deposits and withdrawals. The jackpot setting is in ./jackpot.ts.
import { z } from 'zod';
import { OPERATOR_DECISIONS, OPERATOR_REQUEST_KINDS, OperatorRequestListSchema, OperatorRequestSchema } from '../contracts/members';
import { defineEndpoint } from './define';

const KindSchema = z.enum(OPERATOR_REQUEST_KINDS);

export const operatorEndpoints = {
  /** `status=pending` (default: what awaits a decision, oldest first) or `all`. */
  requests: defineEndpoint({
    method: 'GET',
    path: '/operator/:kind',
    auth: 'operator',
    summary: 'Deposits or withdrawals for review',
    params: z.object({ kind: KindSchema }),
    query: z.object({ status: z.enum(['pending', 'all'], { error: 'status must be pending or all' }).default('pending') }),
    response: OperatorRequestListSchema,
  }),
  /** Approving a deposit credits it once; rejecting a withdrawal returns the held amount once. */
  decide: defineEndpoint({
    method: 'POST',
    path: '/operator/:kind/:id/:decision',
    auth: 'operator',
    summary: 'Approve or reject a deposit or withdrawal',
    params: z.object({ kind: KindSchema, id: z.string().min(1).max(64), decision: z.enum(OPERATOR_DECISIONS) }),
    response: OperatorRequestSchema,
  }),
};
