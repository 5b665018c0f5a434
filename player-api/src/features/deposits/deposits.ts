import { REQUEST_STATUS, type DepositRecord } from '@suwerte/shared/contracts';
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database';
import { newId } from '../../lib/ids';
import { fromCentavos } from '@suwerte/shared/money';
import { decideRequest, reviewPage, type Decision, type RequestTable, type ReviewCursor, type ReviewPageOptions } from '../../lib/requests';
import { postEntry } from '../ledger/ledger';

export { AlreadyDecidedError, UnknownRequestError, type Decision } from '../../lib/requests';

/**
 * Deposits: manual ones (proof image, pending until an operator decides) and QR-gateway ones
 * (pending until paid on the gateway's page). Approval and its ledger credit commit together,
 * once: approving again credits nothing.
 */

/** Tables of the deposits feature (versioned per feature; append, never edit a shipped entry). */
export const DEPOSITS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE deposits (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id),
    channel         TEXT NOT NULL CHECK (channel IN ('manual', 'gateway')),
    mode            TEXT NOT NULL,
    status          INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
    amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
    account_name    TEXT,
    account_number  TEXT,
    image_link      TEXT,
    invoice_number  TEXT,
    gateway_ref     TEXT UNIQUE,
    created_at      TEXT NOT NULL,
    decided_at      TEXT,
    decided_by      TEXT
  ) STRICT;
  CREATE INDEX deposits_by_user ON deposits (user_id, created_at);
  CREATE INDEX deposits_by_status ON deposits (status, created_at);

  -- Pending (1) → approved (3) or rejected (2), once.
  CREATE TRIGGER deposits_decide_once BEFORE UPDATE OF status ON deposits
  WHEN OLD.status <> 1
  BEGIN SELECT RAISE(ABORT, 'deposit is already decided'); END;
  `,
];

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

/** Stored links may be relative to this API (seeded proofs); the wire carries absolute URLs. */
export const absoluteLink = (link: string | null, publicUrl: string): string | null =>
  link === null ? null : link.startsWith('/') ? `${publicUrl}${link}` : link;

export function toDepositRecord(row: DepositRow, publicUrl: string): DepositRecord {
  return {
    _id: row.id,
    Mode: row.mode,
    Status: row.status,
    Amount: fromCentavos(row.amount_centavos),
    createdAt: row.created_at,
    ImageLink: absoluteLink(row.image_link, publicUrl),
  };
}

export function findDeposit(db: DB, id: string): DepositRow | null {
  return db.prepare<[string], DepositRow>('SELECT * FROM deposits WHERE id = ?').get(id) ?? null;
}

export function findDepositByGatewayRef(db: DB, ref: string): DepositRow | null {
  return db.prepare<[string], DepositRow>('SELECT * FROM deposits WHERE gateway_ref = ?').get(ref) ?? null;
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

export function createManualDeposit(db: DB, deposit: NewManualDeposit): DepositRow {
  const id = newId();
  db.prepare(
    `INSERT INTO deposits (id, user_id, channel, mode, amount_centavos, account_name, account_number, image_link, invoice_number, created_at)
     VALUES (?, ?, 'manual', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    deposit.userId,
    deposit.mode,
    deposit.amountCentavos,
    deposit.accountName,
    deposit.accountNumber,
    deposit.imageLink,
    deposit.invoiceNumber,
    deposit.now.toISOString(),
  );
  const row = findDeposit(db, id);
  if (!row) throw new Error('inserted deposit not found');
  return row;
}

export function createGatewayDeposit(db: DB, deposit: { userId: string; amountCentavos: number; mode: string; now: Date }): DepositRow {
  const id = newId();
  // Whoever holds the payment page's link can pay, as with a real QR: the reference is unguessable.
  const ref = randomBytes(16).toString('hex');
  db.prepare(
    `INSERT INTO deposits (id, user_id, channel, mode, amount_centavos, gateway_ref, created_at)
     VALUES (?, ?, 'gateway', ?, ?, ?, ?)`,
  ).run(id, deposit.userId, deposit.mode, deposit.amountCentavos, ref, deposit.now.toISOString());
  const row = findDeposit(db, id);
  if (!row) throw new Error('inserted deposit not found');
  return row;
}

const DEPOSITS: RequestTable<DepositRow> = { kind: 'Deposit', table: 'deposits', find: findDeposit };

/**
 * Approves a pending deposit and credits the player, in one BEGIN IMMEDIATE transaction.
 * Throws AlreadyDecidedError (nothing credited) when it is not pending any more.
 */
export function approveDeposit(db: DB, id: string, decision: Decision): DepositRow {
  return decideRequest(db, DEPOSITS, id, REQUEST_STATUS.APPROVED, decision, (row) =>
    postEntry(db, {
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
export function rejectDeposit(db: DB, id: string, decision: Decision): DepositRow {
  return decideRequest(db, DEPOSITS, id, REQUEST_STATUS.REJECTED, decision);
}

/** Rejects unpaid gateway deposits whose QR code has expired. */
export function expireGatewayDeposits(db: DB, now: Date): number {
  const cutoff = new Date(now.getTime() - GATEWAY_QR_TTL_MS).toISOString();
  return db
    .prepare(
      `UPDATE deposits SET status = ${REQUEST_STATUS.REJECTED}, decided_at = ?, decided_by = 'gateway:expired'
       WHERE channel = 'gateway' AND status = ${REQUEST_STATUS.PENDING} AND created_at < ?`,
    )
    .run(now.toISOString(), cutoff).changes;
}

/** The player's latest deposits, newest first. */
export function depositHistory(db: DB, userId: string, now: Date, publicUrl: string): DepositRecord[] {
  expireGatewayDeposits(db, now);
  return db
    .prepare<[string, number], DepositRow>('SELECT * FROM deposits WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
    .all(userId, DEPOSIT_HISTORY_LIMIT)
    .map((row) => toDepositRecord(row, publicUrl));
}

export interface DepositForReview extends DepositRow {
  username: string;
}

/**
 * A page of deposits for an operator: the pending ones that wait for a decision — manual
 * deposits; an unpaid QR code waits for its payer, not an operator (oldest first) — or every one
 * (newest first).
 */
export function depositsForReview(db: DB, options: ReviewPageOptions & { now: Date }): { rows: DepositForReview[]; next: ReviewCursor | null } {
  expireGatewayDeposits(db, options.now);
  return reviewPage<DepositRow>(db, 'deposits', options.pendingOnly ? "r.channel = 'manual'" : '', options);
}
