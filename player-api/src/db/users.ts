import { sql } from 'kysely';
import type { DB } from './database';
import type { Q } from './tables';
import { newId } from '../lib/ids';
export { isUniqueViolation } from './store';

/** The player role (document 1, section 6); the only role the browser accepts as a login. */
export { PLAYER_ROLE } from '@suwerte/shared/contracts';
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
  now: Date;
}

export function findUserById(db: DB, id: string): UserRow | undefined {
  return db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
}

/** Usernames are unique regardless of case, and looked up the same way. */
export function findUserByUsername(db: DB, username: string): UserRow | undefined {
  return db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ? COLLATE NOCASE').get(username);
}

export function findUserByReferralCode(db: DB, code: string): UserRow | undefined {
  return db.prepare<[string], UserRow>('SELECT * FROM users WHERE referral_code = ? COLLATE NOCASE').get(code.trim());
}

/** The user's own referral code: the upper-cased username, with a number appended if that is taken. */
export function freeReferralCode(db: DB, username: string): string {
  const base = username.toUpperCase();
  const taken = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM users WHERE referral_code = ? COLLATE NOCASE');
  if (!taken.get(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.get(candidate)) return candidate;
  }
}

/**
 * Inserts a user with a zero balance. Throws better-sqlite3's SqliteError with code
 * SQLITE_CONSTRAINT_UNIQUE when the username (case-insensitive) is taken.
 */
export function insertUser(db: DB, user: NewUser): UserRow {
  const id = newId();
  const at = user.now.toISOString();
  db.prepare(
    `INSERT INTO users (id, username, password_hash, role, fullname, email, contactnumber, referral_code, referred_by, created_at, updated_at)
     VALUES (@id, @username, @passwordHash, @role, @fullname, @email, @contactnumber, @referralCode, @referredBy, @at, @at)`,
  ).run({
    id,
    username: user.username,
    passwordHash: user.passwordHash,
    role: user.role,
    fullname: user.fullname ?? '',
    email: user.email ?? '',
    contactnumber: user.contactnumber ?? '',
    referralCode: user.referralCode ?? freeReferralCode(db, user.username),
    referredBy: user.referredBy ?? null,
    at,
  });
  const row = findUserById(db, id);
  if (!row) throw new Error('inserted user not found');
  return row;
}

/** Sets a new password and ends every session of the account (one statement); returns the new session version. */
export function updatePasswordHash(db: DB, userId: string, passwordHash: string, now: Date): number {
  const row = db
    .prepare<[string, string, string], { token_version: number }>(
      'UPDATE users SET password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ? RETURNING token_version',
    )
    .get(passwordHash, now.toISOString(), userId);
  if (!row) throw new Error(`user ${userId} not found`);
  return row.token_version;
}

export function updateProfile(
  db: DB,
  userId: string,
  profile: { fullname: string; email: string; contactnumber: string },
  now: Date,
): void {
  db.prepare('UPDATE users SET fullname = @fullname, email = @email, contactnumber = @contactnumber, updated_at = @at WHERE id = @id').run({
    ...profile,
    at: now.toISOString(),
    id: userId,
  });
}


// ---------------------------------------------------------------------------------------------
// The same on the async query layer (db/store.ts), for either engine. The synchronous functions
// above go once every feature has moved (docs/decisions/120).

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
