import { REGISTER_TEXTS, PLAYER_ROLE, type LoginRequest, type RegisterRequestSchema } from '@suwerte/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { transaction } from '../../db/money';
import { removeOldSessions, openSession } from '../../db/sessions';
import { createUser, isUniqueViolation, userByReferralCode, userByUsername, type UserRow } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { commonPasswordRefusal } from '../../lib/common-passwords';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';

export const LOGIN_FAILED_TEXT = 'Invalid username or password';
export const USERNAME_TAKEN_TEXT = 'Username already exists';

/**
 * Sign-ins in flight per account (this process): beyond a few at once, the account's sign-ins wait
 * behind those of other players, so a guessing wave on one account does not hold a real player up.
 */
const SUSPECT_AFTER = 3;
const inFlight = new Map<string, number>();

/** What the throttling (feature.ts) knows of this attempt: the account has failures, from this address among others. */
export interface SignInCircumstances {
  /** The username has failed sign-ins and this address has failures too: its hash waits behind other players'. */
  suspect: boolean;
}

/** The account's token: a new server-side session and its first token (docs/decisions/143). */
export async function startSession(ctx: AppContext, user: UserRow): Promise<string> {
  const now = ctx.now();
  await removeOldSessionsNow(ctx, now);
  const session = await openSession(ctx.store.db, { userId: user.id, now, idleSeconds: ctx.sessionIdleSeconds });
  return ctx.tokens.sign({ id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version, sessionId: session.id });
}

/** Ended and long-expired sessions go, at most once a minute (on sign-in). */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<object, number>();
async function removeOldSessionsNow(ctx: AppContext, now: Date): Promise<void> {
  const last = lastCleanup.get(ctx.store) ?? 0;
  if (now.getTime() - last < CLEANUP_EVERY_MS) return;
  lastCleanup.set(ctx.store, now.getTime());
  await removeOldSessions(ctx.store.db, now);
}

/**
 * Checks the credentials and starts a session with a token carrying the user's real role; 401 on
 * any mismatch, and for a demo account outside demo mode (docs/decisions/140).
 */
export async function login(ctx: AppContext, { username, password }: LoginRequest, { suspect }: SignInCircumstances = { suspect: false }): Promise<string> {
  const user = await userByUsername(ctx.store.db, username);
  if (!user) {
    await verifyAgainstDummy(password);
    throw new HttpError(401, LOGIN_FAILED_TEXT);
  }
  const busy = inFlight.get(user.id) ?? 0;
  const lane = suspect || busy >= SUSPECT_AFTER ? 'suspect' : 'account';
  inFlight.set(user.id, busy + 1);
  let ok: boolean;
  try {
    ok = await verifyPassword(password, user.password_hash, lane);
  } finally {
    const left = (inFlight.get(user.id) ?? 1) - 1;
    if (left > 0) inFlight.set(user.id, left);
    else inFlight.delete(user.id);
  }
  // Demo mode's published accounts sign in in demo mode only; elsewhere the answer is the same as
  // for a wrong password, and it counts as a failure like one.
  if (!ok || (user.demo === 1 && ctx.mode !== 'demo')) throw new HttpError(401, LOGIN_FAILED_TEXT);
  return startSession(ctx, user);
}

/** A new player: role 420, balance 0, own referral code, `referred_by` the referrer. */
export async function register(ctx: AppContext, input: z.output<typeof RegisterRequestSchema>): Promise<void> {
  const referrer = await userByReferralCode(ctx.store.db, input.referral);
  if (!referrer) throw new HttpError(400, REGISTER_TEXTS.unknownReferralServer);
  if (await userByUsername(ctx.store.db, input.username)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
  const refusal = await commonPasswordRefusal(input.password, input.username);
  if (refusal) throw new HttpError(400, refusal, 'password');
  const passwordHash = await hashPassword(input.password);
  try {
    // The free referral code and the row in one transaction (the UNIQUE indexes decide any race).
    await transaction(ctx.store, (q) =>
      createUser(q, {
        username: input.username,
        passwordHash,
        role: PLAYER_ROLE,
        email: input.email,
        contactnumber: input.contactnumber,
        referredBy: referrer.id,
        now: ctx.now(),
      }),
    );
  } catch (error) {
    // Two registrations of the same name racing: the UNIQUE index decides.
    if (isUniqueViolation(error) && (await userByUsername(ctx.store.db, input.username))) throw new HttpError(409, USERNAME_TAKEN_TEXT);
    throw error;
  }
}
