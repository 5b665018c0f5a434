import { OPERATOR_REVIEW_PAGE, REQUEST_STATUS, type OperatorDecision, type OperatorRequest, type OperatorRequestKind } from '@suwerte/contracts';
import type { Q } from '../../db/tables';
import { HttpError } from '../../lib/errors';
import { type ReviewCursor, type ReviewPageOptions } from '../../lib/requests';
import {
  UnknownRequestError,
  approveDeposit,
  depositsForReview,
  findDeposit,
  rejectDeposit,
  toDepositRecord,
  type DepositRow,
} from '../deposits/deposits';
import {
  approveWithdrawal,
  findWithdrawal,
  rejectWithdrawal,
  toWithdrawalRecord,
  withdrawalsForReview,
  type WithdrawalRow,
} from '../withdrawals/withdrawals';
import { userById } from '../../db/users';

/**
 * The operator's side of deposits and withdrawals, shared by the operator endpoints and the
 * command line (`npm run operator -w player-api`). A decision runs on `q` inside the caller's
 * `moneyChange`/`transaction` (db/money.ts), the request row read locked: approving a deposit
 * credits it once, rejecting a withdrawal refunds its hold once.
 */

export const GATEWAY_APPROVAL_TEXT = 'QR deposits are approved by the payment gateway when paid';

const usernameOf = async (q: Q, userId: string): Promise<string> => (await userById(q, userId))?.username ?? userId;

async function depositView(q: Q, row: DepositRow & { username?: string }, publicUrl: string): Promise<OperatorRequest> {
  return {
    ...toDepositRecord(row, publicUrl),
    ...(row.account_name === null ? {} : { AccountName: row.account_name }),
    ...(row.account_number === null ? {} : { AccountNumber: row.account_number }),
    username: row.username ?? (await usernameOf(q, row.user_id)),
    kind: 'deposits',
  };
}

async function withdrawalView(q: Q, row: WithdrawalRow & { username?: string }): Promise<OperatorRequest> {
  return { ...toWithdrawalRecord(row), username: row.username ?? (await usernameOf(q, row.user_id)), kind: 'withdrawals' };
}

export interface ListOptions extends ReviewPageOptions {
  now: Date;
  publicUrl: string;
}

/** One page of requests for review, and where the next page starts (null: this was the last). */
export async function listRequests(q: Q, kind: OperatorRequestKind, { now, publicUrl, ...page }: ListOptions): Promise<{ items: OperatorRequest[]; next: ReviewCursor | null }> {
  if (kind === 'deposits') {
    const { rows, next } = await depositsForReview(q, { ...page, now });
    return { items: await Promise.all(rows.map((row) => depositView(q, row, publicUrl))), next };
  }
  const { rows, next } = await withdrawalsForReview(q, page);
  return { items: await Promise.all(rows.map((row) => withdrawalView(q, row))), next };
}

/** Every request of the list, page after page (the command line prints them all). */
export async function listAllRequests(q: Q, kind: OperatorRequestKind, options: Omit<ListOptions, 'limit' | 'after'>): Promise<OperatorRequest[]> {
  const all: OperatorRequest[] = [];
  let after: ReviewCursor | null = null;
  do {
    const page: { items: OperatorRequest[]; next: ReviewCursor | null } = await listRequests(q, kind, { ...options, limit: OPERATOR_REVIEW_PAGE.max, after });
    all.push(...page.items);
    after = page.next;
  } while (after);
  return all;
}

export interface DecideOptions {
  by: string;
  /** The deciding operator's user id (none for the command line). */
  deciderId?: string;
  now: Date;
  publicUrl: string;
}

/** Decides one request on `q`: run it inside `moneyChange(store, …)` or `transaction(store, …)`. */
export async function decide(
  q: Q,
  kind: OperatorRequestKind,
  id: string,
  verdict: OperatorDecision,
  { by, deciderId, now, publicUrl }: DecideOptions,
): Promise<OperatorRequest> {
  const decision = deciderId === undefined ? { by, now } : { by, deciderId, now };
  if (kind === 'deposits') {
    const deposit = await findDeposit(q, id);
    if (!deposit) throw new UnknownRequestError('Deposit', id);
    if (verdict === 'approve' && deposit.channel === 'gateway' && deposit.status === REQUEST_STATUS.PENDING) {
      throw new HttpError(409, GATEWAY_APPROVAL_TEXT);
    }
    const row = verdict === 'approve' ? await approveDeposit(q, id, decision) : await rejectDeposit(q, id, decision);
    return depositView(q, row, publicUrl);
  }
  if (!(await findWithdrawal(q, id))) throw new UnknownRequestError('Withdrawal', id);
  const row = verdict === 'approve' ? await approveWithdrawal(q, id, decision) : await rejectWithdrawal(q, id, decision);
  return withdrawalView(q, row);
}
