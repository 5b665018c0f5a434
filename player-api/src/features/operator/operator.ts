import { OPERATOR_REVIEW_PAGE, REQUEST_STATUS, type OperatorDecision, type OperatorRequest, type OperatorRequestKind } from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
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
import { findUserById } from '../../db/users';

/**
 * The operator's side of deposits and withdrawals, shared by the operator endpoints and the
 * command line (`npm run operator -w player-api`). Every decision is one transaction in the
 * deposits/withdrawals modules: approving a deposit credits it once, rejecting a withdrawal
 * refunds its hold once.
 */

export const GATEWAY_APPROVAL_TEXT = 'QR deposits are approved by the payment gateway when paid';

const usernameOf = (db: DB, userId: string): string => findUserById(db, userId)?.username ?? userId;

function depositView(db: DB, row: DepositRow & { username?: string }, publicUrl: string): OperatorRequest {
  return {
    ...toDepositRecord(row, publicUrl),
    ...(row.account_name === null ? {} : { AccountName: row.account_name }),
    ...(row.account_number === null ? {} : { AccountNumber: row.account_number }),
    username: row.username ?? usernameOf(db, row.user_id),
    kind: 'deposits',
  };
}

function withdrawalView(db: DB, row: WithdrawalRow & { username?: string }): OperatorRequest {
  return { ...toWithdrawalRecord(row), username: row.username ?? usernameOf(db, row.user_id), kind: 'withdrawals' };
}

export interface ListOptions extends ReviewPageOptions {
  now: Date;
  publicUrl: string;
}

/** One page of requests for review, and where the next page starts (null: this was the last). */
export function listRequests(db: DB, kind: OperatorRequestKind, { now, publicUrl, ...page }: ListOptions): { items: OperatorRequest[]; next: ReviewCursor | null } {
  if (kind === 'deposits') {
    const { rows, next } = depositsForReview(db, { ...page, now });
    return { items: rows.map((row) => depositView(db, row, publicUrl)), next };
  }
  const { rows, next } = withdrawalsForReview(db, page);
  return { items: rows.map((row) => withdrawalView(db, row)), next };
}

/** Every request of the list, page after page (the command line prints them all). */
export function listAllRequests(db: DB, kind: OperatorRequestKind, options: Omit<ListOptions, 'limit' | 'after'>): OperatorRequest[] {
  const all: OperatorRequest[] = [];
  let after: ReviewCursor | null = null;
  do {
    const page = listRequests(db, kind, { ...options, limit: OPERATOR_REVIEW_PAGE.max, after });
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

export function decide(
  db: DB,
  kind: OperatorRequestKind,
  id: string,
  verdict: OperatorDecision,
  { by, deciderId, now, publicUrl }: DecideOptions,
): OperatorRequest {
  const decision = deciderId === undefined ? { by, now } : { by, deciderId, now };
  if (kind === 'deposits') {
    const deposit = findDeposit(db, id);
    if (!deposit) throw new UnknownRequestError('Deposit', id);
    if (verdict === 'approve' && deposit.channel === 'gateway' && deposit.status === REQUEST_STATUS.PENDING) {
      throw new HttpError(409, GATEWAY_APPROVAL_TEXT);
    }
    const row = verdict === 'approve' ? approveDeposit(db, id, decision) : rejectDeposit(db, id, decision);
    return depositView(db, row, publicUrl);
  }
  if (!findWithdrawal(db, id)) throw new UnknownRequestError('Withdrawal', id);
  const row = verdict === 'approve' ? approveWithdrawal(db, id, decision) : rejectWithdrawal(db, id, decision);
  return withdrawalView(db, row);
}
