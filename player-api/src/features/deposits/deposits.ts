import { REQUEST_STATUS, type DepositRecord } from '@suwerte/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Q } from '../../db/tables';
import { newId } from '../../lib/ids';
import { decideRequest, requestRecordFields, reviewPage, type Decision, type RequestTable, type ReviewCursor, type ReviewPageOptions } from '../../lib/requests';
import { appendEntry } from '../ledger/ledger';

export { AlreadyDecidedError, UnknownRequestError, type Decision } from '../../lib/requests';

/**
 * Deposits: manual ones (proof image, pending until an operator decides) and QR-gateway ones
 * (pending until paid on the gateway's page). Approval and its ledger credit commit together,
 * once: approving again credits nothing. Functions that decide or move money take `q` and run
 * inside the caller's `moneyChange`/`transaction` (db/money.ts).
 */

/** A QR code is valid this long; an unpaid gateway deposit is then rejected (as a real gateway expires it). */
export const GATEWAY_QR_TTL_MS = 30 * 60_000;

/** Deposits shown in the player's history (newest first). */
export const DEPOSIT_HISTORY_LIMIT = 50;

export interface DepositRow {
  id: string;
  user_id: string;
  channel: 'manual' | 'gateway';
  mode: string;
  status: number;
  amount_centavos: number;
  account_name: string | null;
  account_number: string | null;
  image_link: string | null;
  invoice_number: string | null;
  gateway_ref: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

declare module '../../db/tables' {
  interface Tables {
    deposits: DepositRow;
  }
}

/** Stored links may be relative to this API (seeded proofs); the wire carries absolute URLs. */
export const absoluteLink = (link: string | null, publicUrl: string): string | null =>
  link === null ? null : link.startsWith('/') ? `${publicUrl}${link}` : link;

export function toDepositRecord(row: DepositRow, publicUrl: string): DepositRecord {
  return {
    ...requestRecordFields(row),
    ImageLink: absoluteLink(row.image_link, publicUrl),
  };
}

export async function findDeposit(q: Q, id: string): Promise<DepositRow | null> {
  return (await q.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findDepositByGatewayRef(q: Q, ref: string): Promise<DepositRow | null> {
  return (await q.selectFrom('deposits').selectAll().where('gateway_ref', '=', ref).executeTakeFirst()) ?? null;
}

export interface NewManualDeposit {
  userId: string;
  amountCentavos: number;
  mode: string;
  accountName: string;
  accountNumber: string;
  imageLink: string;
  invoiceNumber: string | null;
  now: Date;
}

export async function createManualDeposit(q: Q, deposit: NewManualDeposit): Promise<DepositRow> {
  return q
    .insertInto('deposits')
    .values({
      id: newId(),
      user_id: deposit.userId,
      channel: 'manual',
      mode: deposit.mode,
      amount_centavos: deposit.amountCentavos,
      account_name: deposit.accountName,
      account_number: deposit.accountNumber,
      image_link: deposit.imageLink,
      invoice_number: deposit.invoiceNumber,
      created_at: deposit.now.toISOString(),
    } as DepositRow)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createGatewayDeposit(q: Q, deposit: { userId: string; amountCentavos: number; mode: string; now: Date }): Promise<DepositRow> {
  // Whoever holds the payment page's link can pay, as with a real QR: the reference is unguessable.
  const ref = randomBytes(16).toString('hex');
  return q
    .insertInto('deposits')
    .values({
      id: newId(),
      user_id: deposit.userId,
      channel: 'gateway',
      mode: deposit.mode,
      amount_centavos: deposit.amountCentavos,
      gateway_ref: ref,
      created_at: deposit.now.toISOString(),
    } as DepositRow)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const DEPOSITS: RequestTable<DepositRow> = { kind: 'Deposit', table: 'deposits' };

/**
 * Approves a pending deposit and credits the player, on `q` inside the caller's money change:
 * the deposit row is locked while it is read (PostgreSQL), so two approvals credit once.
 * Throws AlreadyDecidedError (nothing credited) when it is not pending any more.
 */
export async function approveDeposit(q: Q, id: string, decision: Decision): Promise<DepositRow> {
  return decideRequest<DepositRow>(q, DEPOSITS, id, REQUEST_STATUS.APPROVED, decision, (row) =>
    appendEntry(q, {
      userId: row.user_id,
      amountCentavos: row.amount_centavos,
      kind: 'deposit',
      reference: id,
      description: `Deposit via ${row.mode}`,
      at: decision.now,
    }),
  );
}

/** Rejects a pending deposit (no money moved). Throws AlreadyDecidedError when it is not pending. */
export async function rejectDeposit(q: Q, id: string, decision: Decision): Promise<DepositRow> {
  return decideRequest<DepositRow>(q, DEPOSITS, id, REQUEST_STATUS.REJECTED, decision);
}

/** Rejects unpaid gateway deposits whose QR code has expired. Returns how many. */
export async function expireGatewayDeposits(q: Q, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - GATEWAY_QR_TTL_MS).toISOString();
  const result = await q
    .updateTable('deposits')
    .set({ status: REQUEST_STATUS.REJECTED, decided_at: now.toISOString(), decided_by: 'gateway:expired' })
    .where('channel', '=', 'gateway')
    .where('status', '=', REQUEST_STATUS.PENDING)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The player's latest deposits, newest first. */
export async function depositHistory(q: Q, userId: string, now: Date, publicUrl: string): Promise<DepositRecord[]> {
  await expireGatewayDeposits(q, now);
  const { rows } = await sql<DepositRow>`SELECT * FROM deposits WHERE user_id = ${userId} ORDER BY created_at DESC, rowid DESC LIMIT ${DEPOSIT_HISTORY_LIMIT}`.execute(q);
  return rows.map((row) => toDepositRecord(row, publicUrl));
}

export interface DepositForReview extends DepositRow {
  username: string;
}

/**
 * A page of deposits for an operator: the pending ones that wait for a decision — manual
 * deposits; an unpaid QR code waits for its payer, not an operator (oldest first) — or every one
 * (newest first).
 */
export async function depositsForReview(q: Q, options: ReviewPageOptions & { now: Date }): Promise<{ rows: DepositForReview[]; next: ReviewCursor | null }> {
  await expireGatewayDeposits(q, options.now);
  return reviewPage<DepositRow>(q, 'deposits', options.pendingOnly ? sql`r.channel = 'manual'` : null, options);
}
