import { HISTORY_WINDOW_DAYS, MEMBERS_TEXTS, REQUEST_STATUS, type BankCode, type WithdrawalRecord } from '@suwerte/contracts';
import { sql } from 'kysely';
import type { Q } from '../../db/tables';
import { HttpError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatCentavos } from '@suwerte/money';
import { decideRequest, requestRecordFields, reviewPage, type Decision, type RequestTable, type ReviewCursor, type ReviewPageOptions } from '../../lib/requests';
import { InsufficientFundsError, appendEntry } from '../ledger/ledger';

/**
 * Withdrawals. The amount leaves the balance when the player asks (a ledger hold in the same
 * transaction as the request), so the header balance drops at once and the money cannot be
 * bet or withdrawn twice. An operator then marks it paid out (approved: nothing moves) or
 * rejects it (the hold is refunded, in the same transaction as the decision). Functions that
 * move money take `q` and run inside the caller's `moneyChange`/`transaction` (db/money.ts).
 */

/** Banks and e-wallets InstaPay pays out to (a representative subset of its participants). */
export const INSTAPAY_BANK_CODES: readonly BankCode[] = [
  { code: 'GCASH', name: 'GCash' },
  { code: 'MAYA', name: 'Maya' },
  { code: 'GOTYME', name: 'GoTyme Bank' },
  { code: 'SEABANK', name: 'SeaBank' },
  { code: 'BDO', name: 'BDO Unibank' },
  { code: 'BPI', name: 'Bank of the Philippine Islands' },
  { code: 'MBTC', name: 'Metrobank' },
  { code: 'LBP', name: 'Land Bank of the Philippines' },
  { code: 'UBP', name: 'UnionBank' },
  { code: 'SECB', name: 'Security Bank' },
  { code: 'RCBC', name: 'RCBC' },
  { code: 'PNB', name: 'Philippine National Bank' },
  { code: 'CBC', name: 'China Bank' },
  { code: 'EWB', name: 'EastWest Bank' },
  { code: 'CIMB', name: 'CIMB Bank' },
];

/**
 * Payout channels: the `{name}` of POST /transaction/cashout/{name} and of the bank-code list. A
 * Map, so a path of `constructor` or `__proto__` is an unknown channel, not Object's own property.
 */
export const BANK_CODES_BY_CHANNEL: ReadonlyMap<string, readonly BankCode[]> = new Map([['instapay', INSTAPAY_BANK_CODES]]);

export interface WithdrawalRow {
  id: string;
  user_id: string;
  channel: string;
  mode: string;
  account_name: string;
  account_number: string;
  status: number;
  amount_centavos: number;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

declare module '../../db/tables' {
  interface Tables {
    withdrawals: WithdrawalRow;
  }
}

export function toWithdrawalRecord(row: WithdrawalRow): WithdrawalRecord {
  return {
    ...requestRecordFields(row),
    ImageLink: null,
    AccountName: row.account_name,
    AccountNumber: row.account_number,
  };
}

export async function findWithdrawal(q: Q, id: string): Promise<WithdrawalRow | null> {
  return (await q.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The refusal of an amount above the balance: says how much can be withdrawn. */
export const insufficientText = (balanceCentavos: number): string =>
  `Insufficient balance: you can withdraw up to ${formatCentavos(balanceCentavos)}`;

export interface NewWithdrawal {
  userId: string;
  channel: string;
  mode: string;
  accountName: string;
  accountNumber: string;
  amountCentavos: number;
  now: Date;
}

/**
 * Records the withdrawal and holds its amount on `q`, inside the caller's `moneyChange`: the
 * request row and the ledger debit commit together, and the balance is read with the player's
 * row locked (PostgreSQL) or under the single writer (SQLite), so of concurrent requests exactly
 * the affordable ones succeed. An amount above the balance is a 400 with a clear text, and
 * nothing is written (the change rolls back).
 */
export async function requestWithdrawal(q: Q, withdrawal: NewWithdrawal): Promise<WithdrawalRow> {
  const codes = BANK_CODES_BY_CHANNEL.get(withdrawal.channel);
  if (!codes) throw new HttpError(404, `Unknown payout channel ${withdrawal.channel}`);
  if (!codes.some((code) => code.code === withdrawal.mode)) throw new HttpError(400, MEMBERS_TEXTS.unknownBank);
  const id = newId();
  // The hold first: it locks the player's row (PostgreSQL) before this transaction takes any
  // other lock on it — the withdrawal row's foreign key would take a KEY SHARE lock, and two
  // requests each holding one while waiting for FOR UPDATE would deadlock.
  try {
    await appendEntry(q, {
      userId: withdrawal.userId,
      amountCentavos: -withdrawal.amountCentavos,
      kind: 'withdrawal',
      reference: id,
      description: `Withdrawal to ${withdrawal.mode} ${withdrawal.accountNumber}`,
      at: withdrawal.now,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new HttpError(400, insufficientText(error.balanceCentavos));
    throw error;
  }
  return q
    .insertInto('withdrawals')
    .values({
      id,
      user_id: withdrawal.userId,
      channel: withdrawal.channel,
      mode: withdrawal.mode,
      account_name: withdrawal.accountName,
      account_number: withdrawal.accountNumber,
      amount_centavos: withdrawal.amountCentavos,
      created_at: withdrawal.now.toISOString(),
    } as WithdrawalRow)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const WITHDRAWALS: RequestTable<WithdrawalRow> = { kind: 'Withdrawal', table: 'withdrawals' };

/** Marks a pending withdrawal paid out (on `q`, inside the caller's transaction). The money already left the balance when it was requested. */
export async function approveWithdrawal(q: Q, id: string, decision: Decision): Promise<WithdrawalRow> {
  return decideRequest<WithdrawalRow>(q, WITHDRAWALS, id, REQUEST_STATUS.APPROVED, decision);
}

/** Rejects a pending withdrawal and refunds its hold, on `q` inside the caller's money change (locked: refunded once). */
export async function rejectWithdrawal(q: Q, id: string, decision: Decision): Promise<WithdrawalRow> {
  return decideRequest<WithdrawalRow>(q, WITHDRAWALS, id, REQUEST_STATUS.REJECTED, decision, (row) =>
    appendEntry(q, {
      userId: row.user_id,
      amountCentavos: row.amount_centavos,
      kind: 'refund',
      reference: id,
      description: 'Withdrawal rejected: amount returned',
      at: decision.now,
    }),
  );
}

const DAY_MS = 86_400_000;

/** The player's withdrawals of the last 7 days, newest first. */
export async function withdrawalHistory(q: Q, userId: string, now: Date): Promise<WithdrawalRecord[]> {
  const since = new Date(now.getTime() - HISTORY_WINDOW_DAYS * DAY_MS).toISOString();
  const { rows } = await sql<WithdrawalRow>`SELECT * FROM withdrawals WHERE user_id = ${userId} AND created_at >= ${since} ORDER BY created_at DESC, rowid DESC`.execute(q);
  return rows.map(toWithdrawalRecord);
}

export interface WithdrawalForReview extends WithdrawalRow {
  username: string;
}

/** A page of withdrawals for an operator: pending ones (oldest first) or every one (newest first). */
export async function withdrawalsForReview(q: Q, options: ReviewPageOptions): Promise<{ rows: WithdrawalForReview[]; next: ReviewCursor | null }> {
  return reviewPage<WithdrawalRow>(q, 'withdrawals', null, options);
}
