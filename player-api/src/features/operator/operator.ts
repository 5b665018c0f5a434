import { REQUEST_STATUS, type OperatorDecision, type OperatorRequest, type OperatorRequestKind } from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { HttpError } from '../../lib/errors';
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

export interface ListOptions {
  /** Only what awaits a decision (manual deposits, withdrawals), oldest first. */
  pendingOnly: boolean;
  now: Date;
  publicUrl: string;
}

export function listRequests(db: DB, kind: OperatorRequestKind, { pendingOnly, now, publicUrl }: ListOptions): OperatorRequest[] {
  if (kind === 'deposits') {
    return depositsForReview(db, { pendingOnly, now })
      .filter((row) => !pendingOnly || row.channel === 'manual')
      .map((row) => depositView(db, row, publicUrl));
  }
  return withdrawalsForReview(db, { pendingOnly }).map((row) => withdrawalView(db, row));
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
