import { GATEWAY_MOPNAME, registerUsername } from '@suwerte/contracts';
import { z } from 'zod';
import { sql } from 'kysely';
import { transaction } from '../../db/money';
import type { Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { OPERATOR_ROLE, createUser, isUniqueViolation, userByUsername, type UserRow } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { USERNAME_TAKEN_TEXT } from '../auth/auth';

/** Back-office accounts move money: a longer password than a player's 8–16. */
export const OPERATOR_PASSWORD = { min: 12, max: 128 } as const;

const NewOperatorSchema = z.object({
  username: registerUsername,
  password: z
    .string()
    .min(OPERATOR_PASSWORD.min, { error: `An operator password has at least ${OPERATOR_PASSWORD.min} characters` })
    .max(OPERATOR_PASSWORD.max, { error: `An operator password has at most ${OPERATOR_PASSWORD.max} characters` }),
});

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid value');
  return parsed.data;
}

/** Creates an operator account (role 1). Production mode seeds none: this is how they come to be. */
export async function createOperator(store: Store, input: { username: string; password: string; now: Date }): Promise<UserRow> {
  const { username, password } = checked(NewOperatorSchema, input);
  if (await userByUsername(store.db, username)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
  const passwordHash = await hashPassword(password);
  try {
    // One transaction: the free referral code and the insert; a name taken meanwhile is a unique violation (either engine).
    return await transaction(store, (q) => createUser(q, { username, passwordHash, role: OPERATOR_ROLE, now: input.now }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
    throw error;
  }
}

const field = (name: string, max: number) =>
  z.string({ error: `${name} is required` }).trim().min(1, { error: `${name} is required` }).max(max, { error: `${name} has at most ${max} characters` });

const PaymentOptionInputSchema = z.object({
  mopname: z
    .string()
    .regex(/^[A-Z0-9_-]{1,40}$/, { error: 'MOPNAME is 1–40 capital letters, digits, _ or -' })
    .refine((name) => name !== GATEWAY_MOPNAME, { error: `${GATEWAY_MOPNAME} is the QR gateway's, which needs a real payment gateway` }),
  label: field('--label', 60),
  accountName: field('--account-name', 80),
  accountNumber: field('--account-number', 40),
});

/**
 * Adds or replaces a receiving account players are shown on the deposit page (production seeds
 * none: only the operator knows the site's real accounts).
 */
export async function setPaymentOption(q: Q, input: { mopname: string; label: string; accountName: string; accountNumber: string }): Promise<void> {
  const option = checked(PaymentOptionInputSchema, input);
  await sql`
    INSERT INTO payment_options (id, mopname, label, account_name, account_number, sort_order, active)
    VALUES (${newId()}, ${option.mopname}, ${option.label}, ${option.accountName}, ${option.accountNumber}, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM payment_options), 1)
    ON CONFLICT (mopname) DO UPDATE SET label = excluded.label, account_name = excluded.account_name,
      account_number = excluded.account_number, active = 1`.execute(q);
}

/** Hides a receiving account from the deposit page (deposits already made keep their method). */
export async function disablePaymentOption(q: Q, mopname: string): Promise<void> {
  const result = await q.updateTable('payment_options').set({ active: 0 }).where('mopname', '=', mopname).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, `No payment option ${mopname}`);
}
