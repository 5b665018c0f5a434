import { REQUEST_STATUS, type DepositRecord } from '@suwerte/contracts';
import { fromCentavos } from '@suwerte/money';
import { sql, type RawBuilder } from 'kysely';
import { forUpdate } from '../db/store';
import type { Q } from '../db/tables';
import { HttpError } from './errors';

/**
 * Deposits and withdrawals are requests an operator (or the payment gateway) decides once:
 * pending → approved or rejected. The decision and any money it moves are one transaction.
 */

export type RequestKind = 'Deposit' | 'Withdrawal';

export interface Decision {
  /** Who decided: an operator's username, 'gateway' or 'gateway:expired'. */
  by: string;
  /** The deciding operator's user id, when an operator account decides (never their own request). */
  deciderId?: string;
  now: Date;
}

export const OWN_REQUEST_TEXT = 'You cannot decide a request you made yourself';

/** A deposit or withdrawal that is no longer pending: deciding it again changes nothing. */
export class AlreadyDecidedError extends HttpError {
  override name = 'AlreadyDecidedError';
  constructor(
    what: RequestKind,
    readonly status: number,
  ) {
    super(409, `${what} is already ${status === REQUEST_STATUS.REJECTED ? 'rejected' : 'approved'}`);
  }
}

export class UnknownRequestError extends HttpError {
  override name = 'UnknownRequestError';
  constructor(what: RequestKind, id: string) {
    super(404, `${what} ${id} not found`);
  }
}

interface RequestRow {
  user_id: string;
  status: number;
  decided_at: string | null;
  decided_by: string | null;
}

/**
 * The wire fields every request record has (a deposit's, and a withdrawal's, which extends it):
 * its id, mode, status, amount in pesos and creation time; `ImageLink` is each kind's own.
 */
export function requestRecordFields(row: { id: string; mode: string; status: number; amount_centavos: number; created_at: string }): Omit<DepositRecord, 'ImageLink'> {
  return {
    _id: row.id,
    Mode: row.mode,
    Status: row.status,
    Amount: fromCentavos(row.amount_centavos),
    createdAt: row.created_at,
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the row type names which table it is
export interface RequestTable<Row extends RequestRow = RequestRow> {
  kind: RequestKind;
  table: 'deposits' | 'withdrawals';
}

/**
 * Decides a pending request on `q` — inside the caller's `moneyChange`/`transaction`
 * (db/money.ts): reads it with its row locked (PostgreSQL: FOR UPDATE, so a second decision on
 * any node waits and then sees it decided), marks it approved or rejected and runs `moveMoney`
 * (a ledger entry, or nothing) in the same transaction. Throws UnknownRequestError, or
 * AlreadyDecidedError when it is not pending any more (nothing changes).
 */
export async function decideRequest<Row extends RequestRow>(
  q: Q,
  requests: RequestTable<Row>,
  id: string,
  status: typeof REQUEST_STATUS.APPROVED | typeof REQUEST_STATUS.REJECTED,
  decision: Decision,
  moveMoney?: (row: Row) => Promise<unknown>,
): Promise<Row> {
  const table = sql.table(requests.table);
  const { rows } = await sql<Row>`SELECT * FROM ${table} WHERE id = ${id}${forUpdate(q)}`.execute(q);
  const row = rows[0];
  if (!row) throw new UnknownRequestError(requests.kind, id);
  // Four eyes: whoever asked for the money never approves (or rejects) it.
  if (decision.deciderId !== undefined && row.user_id === decision.deciderId) throw new HttpError(403, OWN_REQUEST_TEXT);
  if (row.status !== REQUEST_STATUS.PENDING) throw new AlreadyDecidedError(requests.kind, row.status);
  const decidedAt = decision.now.toISOString();
  const updated = await sql`UPDATE ${table} SET status = ${status}, decided_at = ${decidedAt}, decided_by = ${decision.by} WHERE id = ${id} AND status = ${REQUEST_STATUS.PENDING}`.execute(q);
  if (Number(updated.numAffectedRows ?? 0) !== 1) throw new AlreadyDecidedError(requests.kind, status);
  await moveMoney?.(row);
  return { ...row, status, decided_at: decidedAt, decided_by: decision.by };
}

/** Ids and statuses of a player's requests decided at or after `since` (ISO time); either engine. */
export async function decidedSince(q: Q, table: RequestTable<RequestRow>['table'], userId: string, since: string): Promise<{ id: string; status: number }[]> {
  const { rows } = await sql<{ id: string; status: number }>`SELECT id, status FROM ${sql.table(table)} WHERE user_id = ${userId} AND decided_at >= ${since}`.execute(q);
  return rows;
}

/** Where the operator's review list goes on: after the last request of the previous page. */
export interface ReviewCursor {
  createdAt: string;
  id: string;
}

/** The cursor as the operator endpoints hand it out (opaque to clients). */
export const encodeCursor = (cursor: ReviewCursor): string => Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');

export function decodeCursor(text: string): ReviewCursor | null {
  const [createdAt = '', id = '', extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  return extra === undefined && !Number.isNaN(Date.parse(createdAt)) && /^[0-9a-f]{24}$/.test(id) ? { createdAt, id } : null;
}

export interface ReviewPageOptions {
  /** Only what awaits a decision, oldest first; else everything, newest first. */
  pendingOnly: boolean;
  limit: number;
  after: ReviewCursor | null;
}

/**
 * One page of deposits or withdrawals for an operator, with the player's username. Every filter
 * (`only`, the status) is in the query, before the limit: a page is never emptied afterwards, so
 * 500 unpaid QR codes cannot hide a manual deposit behind them. Keyset pagination (created_at,
 * id) walks the whole list, also while requests arrive or are decided.
 */
export async function reviewPage<Row extends RequestRow & { id: string; created_at: string }>(
  q: Q,
  table: RequestTable<Row>['table'],
  only: RawBuilder<unknown> | null,
  { pendingOnly, limit, after }: ReviewPageOptions,
): Promise<{ rows: (Row & { username: string })[]; next: ReviewCursor | null }> {
  const conditions: RawBuilder<unknown>[] = [];
  if (only) conditions.push(only);
  if (pendingOnly) conditions.push(sql`r.status = ${REQUEST_STATUS.PENDING}`);
  if (after) conditions.push(pendingOnly ? sql`(r.created_at, r.id) > (${after.createdAt}, ${after.id})` : sql`(r.created_at, r.id) < (${after.createdAt}, ${after.id})`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = sql.raw(pendingOnly ? 'ASC' : 'DESC');
  const { rows } = await sql<Row & { username: string }>`
    SELECT r.*, u.username FROM ${sql.table(table)} r JOIN users u ON u.id = r.user_id
    ${where} ORDER BY r.created_at ${direction}, r.id ${direction} LIMIT ${limit + 1}`.execute(q);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null };
}
