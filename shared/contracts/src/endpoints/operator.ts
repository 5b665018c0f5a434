// Back-office endpoints (not called by the site): an operator reviews and decides pending
// deposits and withdrawals. The jackpot setting is in ./jackpot.ts.
import { z } from 'zod/mini';
import { OPERATOR_REQUEST_KINDS } from '../contracts/account';
import { OPERATOR_DECISIONS, OPERATOR_REVIEW_PAGE, OperatorRequestListSchema, OperatorRequestSchema } from '../contracts/members';
import { defineEndpoint } from './define';

const KindSchema = z.enum(OPERATOR_REQUEST_KINDS);

const LIMIT_TEXT = `limit must be a whole number from 1 to ${OPERATOR_REVIEW_PAGE.max}`;

export const operatorEndpoints = {
  /**
   * One page: `status=pending` (default: what awaits a decision, oldest first) or `all` (newest
   * first), `limit` requests (100 by default), `after` the cursor of the previous page's
   * `Link: <…>; rel="next"` header (present while there is a next page).
   */
  requests: defineEndpoint({
    method: 'GET',
    path: '/operator/:kind',
    auth: 'operator',
    summary: 'Deposits or withdrawals for review, one page',
    params: z.object({ kind: KindSchema }),
    query: z.object({
      status: z._default(z.enum(['pending', 'all'], { error: 'status must be pending or all' }), 'pending'),
      limit: z.optional(
        z.pipe(z.string({ error: LIMIT_TEXT }).check(z.regex(/^\d{1,3}$/, { error: LIMIT_TEXT })), z.transform(Number)).check(
          z.refine((size: number) => size >= 1 && size <= OPERATOR_REVIEW_PAGE.max, { error: LIMIT_TEXT }),
        ),
      ),
      // Opaque to clients; the player API decodes it (a bad one is 400 there).
      after: z.optional(
        z.string({ error: 'after must be a cursor from a previous page' }).check(z.maxLength(200, { error: 'after must be a cursor from a previous page' })),
      ),
    }),
    response: OperatorRequestListSchema,
  }),
  /** Approving a deposit credits it once; rejecting a withdrawal returns the held amount once. */
  decide: defineEndpoint({
    method: 'POST',
    path: '/operator/:kind/:id/:decision',
    auth: 'operator',
    summary: 'Approve or reject a deposit or withdrawal',
    params: z.object({ kind: KindSchema, id: z.string().check(z.minLength(1), z.maxLength(64)), decision: z.enum(OPERATOR_DECISIONS) }),
    response: OperatorRequestSchema,
  }),
};
