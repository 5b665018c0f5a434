import { sql } from 'kysely';
import type { Q } from './tables';
import { newId } from '../lib/ids';
export { isUniqueViolation } from './store';

/** The player role (document 1, section 6); the only role the browser accepts as a login. */
export { PLAYER_ROLE } from '@suwerte/contracts';
/** A non-player back-office role (the browser refuses it). */
export const OPERATOR_ROLE = 1;
/** The house account: owns the default referral code, can never sign in or act. */
export const HOUSE_ROLE = 0;

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: number;
  fullname: string;
  email: string;
  contactnumber: string;
  referral_code: string;
  referred_by: string | null;
  balance_centavos: number;
  /** The version of the account's sessions: tokens of an older version are refused. */
  token_version: number;
  /** 1 for the demo accounts (demo mode's published sign-ins): they never sign in outside demo mode (docs/decisions/140). */
  demo: number;
  created_at: string;
  updated_at: string;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  role: number;
  fullname?: string;
  email?: string;
  contactnumber?: string;
  /** Defaults to a free code derived from the username. */
  referralCode?: string;
  referredBy?: string | null;
  /** A demo account (demo mode's seed): it never signs in outside demo mode. */
  demo?: boolean;
  now: Date;
}

// On the async query layer (db/store.ts), for either engine (docs/decisions/120).

declare module './tables' {
  interface Tables {
    users: UserRow;
  }
}

export async function userById(q: Q, id: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames are unique regardless of case, and looked up the same way. */
export async function userByUsername(q: Q, username: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export async function userByReferralCode(q: Q, code: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where(sql<string>`lower(referral_code)`, '=', code.trim().toLowerCase()).executeTakeFirst();
}

async function referralCodeTaken(q: Q, code: string): Promise<boolean> {
  const row = await q.selectFrom('users').select('id').where(sql<string>`lower(referral_code)`, '=', code.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** The user's own referral code: the upper-cased username, with a number appended if that is taken. */
export async function freeReferralCodeOf(q: Q, username: string): Promise<string> {
  const base = username.toUpperCase();
  if (!(await referralCodeTaken(q, base))) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!(await referralCodeTaken(q, candidate))) return candidate;
  }
}

/** Inserts a user with a zero balance. Throws a unique violation (`isUniqueViolation`) when the username (any case) is taken. */
export async function createUser(q: Q, user: NewUser): Promise<UserRow> {
  const id = newId();
  const at = user.now.toISOString();
  return q
    .insertInto('users')
    .values({
      id,
      username: user.username,
      password_hash: user.passwordHash,
      role: user.role,
      fullname: user.fullname ?? '',
      email: user.email ?? '',
      contactnumber: user.contactnumber ?? '',
      referral_code: user.referralCode ?? (await freeReferralCodeOf(q, user.username)),
      referred_by: user.referredBy ?? null,
      demo: user.demo ? 1 : 0,
      created_at: at,
      updated_at: at,
    } as UserRow)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets a new password and ends every session of the account (one statement); returns the new session version. */
export async function setPasswordHash(q: Q, userId: string, passwordHash: string, now: Date): Promise<number> {
  const row = await q
    .updateTable('users')
    .set({ password_hash: passwordHash, token_version: sql<number>`token_version + 1`, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirst();
  if (!row) throw new Error(`user ${userId} not found`);
  return row.token_version;
}

export async function setProfile(q: Q, userId: string, profile: { fullname: string; email: string; contactnumber: string }, now: Date): Promise<void> {
  await q.updateTable('users').set({ ...profile, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}
