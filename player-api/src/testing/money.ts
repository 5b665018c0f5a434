// Test helpers for money changes on a bare store, and the cash-out request the endpoint tests send.
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { moneyChange, type MoneyChange } from '../db/money';
import type { Store } from '../db/store';
import { createUser } from '../db/users';
import type { NewManualDeposit } from '../features/deposits/deposits';
import { appendEntry } from '../features/ledger/ledger';
import type { TestApp } from './test-app';

let counter = 0;

/**
 * A manual GCash deposit request by `userId` for `createManualDeposit`: ₱500.00 from 'Juan',
 * '0917', with a stored proof, made now; `overrides` change any of it.
 */
export const manualDepositRequest = (userId: string, overrides: Partial<NewManualDeposit> = {}): NewManualDeposit => ({
  userId,
  amountCentavos: 50_000,
  mode: 'GCASH',
  accountName: 'Juan',
  accountNumber: '0917',
  imageLink: '/uploads/0123456789abcdef0123456789abcdef.png',
  invoiceNumber: null,
  now: new Date(),
  ...overrides,
});

/** A new player credited `centavos` through one ledger entry (none for 0). */
export async function fundedUser(store: Store, centavos: number): Promise<string> {
  counter += 1;
  const { id } = await createUser(store.db, { username: `money${counter}`, passwordHash: 'x', role: 420, now: new Date() });
  if (centavos > 0) await moneyChange(store, (q) => appendEntry(q, { userId: id, amountCentavos: centavos, kind: 'deposit' }));
  return id;
}

/** A money change debiting `centavos` from the player. */
export const debit =
  (userId: string, centavos: number): MoneyChange<{ balanceCentavos: number }> =>
  (q) =>
    appendEntry(q, { userId, amountCentavos: -centavos, kind: 'bet' });

/** How many ledger rows the store holds. */
export async function ledgerRows(store: Store): Promise<number> {
  return Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ledger`.execute(store.db)).rows[0]?.n ?? 0);
}

/** POST /transaction/cashout/instapay of `pesos` to a GCash account, as the withdraw page sends it. */
export function cashOut(t: TestApp, headers: { authorization: string }, pesos: number): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/transaction/cashout/instapay',
    headers,
    payload: { Amount: pesos, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
  });
}
