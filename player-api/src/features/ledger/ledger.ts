import { sql } from 'kysely';
import { forUpdate } from '../../db/store';
import type { Q } from '../../db/tables';
import { HttpError } from '../../lib/errors';
import { newId } from '../../lib/ids';


/**
 * The money ledger: append-only rows of signed centavo amounts per user. `users.balance_centavos`
 * is moved by a trigger in the same statement as each insert, so balance = ledger sum always
 * (also enforced by triggers), and never negative (CHECK constraints).
 *
 * Reuse from any feature: `appendEntry(q, {...})` writes on the caller's transaction, so a bet
 * row and its debit, or a withdrawal row and its hold, commit or fail together. A request
 * handler runs its money change through `moneyChange(store, …)` (db/money.ts), answered after
 * the COMMIT.
 */

/** Conventional kinds; any non-empty text is accepted. */
export const LEDGER_KINDS = ['deposit', 'withdrawal', 'bet', 'payout', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number] | (string & {});

export const INSUFFICIENT_FUNDS_TEXT = 'Insufficient balance';

/** A debit larger than the balance. Answers 400 'Insufficient balance' if it reaches the error handler. */
export class InsufficientFundsError extends HttpError {
  override name = 'InsufficientFundsError';
  constructor(
    readonly userId: string,
    readonly balanceCentavos: number,
    readonly amountCentavos: number,
  ) {
    super(400, INSUFFICIENT_FUNDS_TEXT);
  }
}

export class UnknownAccountError extends Error {
  override name = 'UnknownAccountError';
  constructor(readonly userId: string) {
    super(`No account with id ${userId}`);
  }
}

export interface LedgerEntryInput {
  userId: string;
  /** Signed integer centavos: positive credits, negative debits; never 0. */
  amountCentavos: number;
  kind: LedgerKind;
  /** What the entry belongs to (a bet id, a deposit id…), for lookups and idempotency checks. */
  reference?: string | null;
  description?: string;
  /** Defaults to the current time; pass the app clock (`ctx.now()`). */
  at?: Date;
}

export interface LedgerEntry {
  id: string;
  userId: string;
  amountCentavos: number;
  balanceAfterCentavos: number;
  kind: string;
  reference: string | null;
  description: string;
  createdAt: string;
}

export interface PostedEntry {
  id: string;
  balanceCentavos: number;
}

interface LedgerRow {
  id: string;
  user_id: string;
  amount_centavos: number;
  balance_after_centavos: number;
  kind: string;
  reference: string | null;
  description: string;
  created_at: string;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    amountCentavos: row.amount_centavos,
    balanceAfterCentavos: row.balance_after_centavos,
    kind: row.kind,
    reference: row.reference,
    description: row.description,
    createdAt: row.created_at,
  };
}

// Call the writers inside a `moneyChange(store, async (q) => …)` or `transaction(store, …)`
// (db/money.ts): on PostgreSQL the balance is read with the player's row locked until the change
// commits (docs/decisions/120).

declare module '../../db/tables' {
  interface Tables {
    ledger: LedgerRow;
    jackpot: { id: number; minor_centavos: number; major_centavos: number; grand_centavos: number; updated_at: string };
  }
}

async function lockedBalance(q: Q, userId: string): Promise<number> {
  const { rows } = await sql<{ balance_centavos: number }>`SELECT balance_centavos FROM users WHERE id = ${userId}${forUpdate(q)}`.execute(q);
  const row = rows[0];
  if (!row) throw new UnknownAccountError(userId);
  return row.balance_centavos;
}

/**
 * Appends one entry and moves the balance on `q` — run it inside a `moneyChange` or a
 * `transaction` (db/money.ts), which is the transaction it commits with. Throws
 * InsufficientFundsError instead of going negative, UnknownAccountError for an unknown user.
 */
export async function appendEntry(q: Q, input: LedgerEntryInput): Promise<PostedEntry> {
  if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos === 0) {
    throw new RangeError(`amountCentavos must be a non-zero integer, got ${String(input.amountCentavos)}`);
  }
  if (typeof input.kind !== 'string' || input.kind.length === 0) throw new RangeError('kind is required');
  const balance = await lockedBalance(q, input.userId);
  const after = balance + input.amountCentavos;
  if (after < 0) throw new InsufficientFundsError(input.userId, balance, input.amountCentavos);
  if (!Number.isSafeInteger(after)) throw new RangeError('Balance would exceed the safe integer range');
  const id = newId();
  await q
    .insertInto('ledger')
    .values({
      id,
      user_id: input.userId,
      amount_centavos: input.amountCentavos,
      balance_after_centavos: after,
      kind: input.kind,
      reference: input.reference ?? null,
      description: input.description ?? '',
      created_at: (input.at ?? new Date()).toISOString(),
    })
    .execute();
  return { id, balanceCentavos: after };
}

/** The balance kept on the user row, in centavos. */
export async function readBalance(q: Q, userId: string): Promise<number> {
  const row = await q.selectFrom('users').select('balance_centavos').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new UnknownAccountError(userId);
  return row.balance_centavos;
}

/** The sum of the user's ledger, in centavos (equals `readBalance` by construction). */
export async function readLedgerSum(q: Q, userId: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`SELECT COALESCE(SUM(amount_centavos), 0) AS total FROM ledger WHERE user_id = ${userId}`.execute(q);
  return Number(rows[0]?.total ?? 0);
}

/** The user's entries, newest first; `since` (inclusive) limits to a time window (e.g. last 7 days). */
export async function readEntries(q: Q, userId: string, options: { since?: Date; limit?: number } = {}): Promise<LedgerEntry[]> {
  let query = q
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', options.since?.toISOString() ?? '')
    .orderBy('created_at', 'desc')
    .orderBy(sql`rowid`, 'desc');
  if (options.limit !== undefined && options.limit >= 0) query = query.limit(options.limit);
  return (await query.execute()).map(toEntry);
}

/** Entries carrying a reference (e.g. to check a payout was not already made). */
export async function readEntriesByReference(q: Q, reference: string): Promise<LedgerEntry[]> {
  const rows = await q.selectFrom('ledger').selectAll().where('reference', '=', reference).orderBy(sql`rowid`).execute();
  return rows.map(toEntry);
}
