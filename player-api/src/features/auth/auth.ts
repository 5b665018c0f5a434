import { REGISTER_TEXTS, PLAYER_ROLE, type LoginRequest, type RegisterRequestSchema } from '@suwerte/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { transaction } from '../../db/money';
import { createUser, isUniqueViolation, userByReferralCode, userByUsername } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';

export const LOGIN_FAILED_TEXT = 'Invalid username or password';
export const USERNAME_TAKEN_TEXT = 'Username already exists';

/**
 * Accounts with sign-ins in flight or recent wrong passwords (this process, the last 15
 * minutes): beyond a few, their sign-ins wait behind those of other players, so a guessing
 * attack — many at once on one account — does not hold a real player up.
 */
const FAILURE_MEMORY_MS = 15 * 60_000;
const SUSPECT_AFTER_FAILURES = 3;
const recentFailures = new Map<string, { count: number; since: number }>();
const inFlight = new Map<string, number>();

function failuresOf(userId: string, nowMs: number): number {
  const entry = recentFailures.get(userId);
  if (!entry || nowMs - entry.since > FAILURE_MEMORY_MS) return 0;
  return entry.count;
}

function rememberFailure(userId: string, nowMs: number): void {
  const count = failuresOf(userId, nowMs) + 1;
  const since = count === 1 ? nowMs : (recentFailures.get(userId)?.since ?? nowMs);
  // Re-inserted, so the Map's order stays oldest-first.
  recentFailures.delete(userId);
  recentFailures.set(userId, { count, since });
  // Bounded: the oldest entries go first (a Map keeps insertion order).
  if (recentFailures.size > 100_000) for (const key of [...recentFailures.keys()].slice(0, 10_000)) recentFailures.delete(key);
}

/** Checks the credentials and signs a token carrying the user's real role; 401 on any mismatch. */
export async function login(ctx: AppContext, { username, password }: LoginRequest): Promise<string> {
  const user = await userByUsername(ctx.store.db, username);
  if (!user) {
    await verifyAgainstDummy(password);
    throw new HttpError(401, LOGIN_FAILED_TEXT);
  }
  const nowMs = ctx.now().getTime();
  const busy = inFlight.get(user.id) ?? 0;
  const lane = busy + failuresOf(user.id, nowMs) >= SUSPECT_AFTER_FAILURES ? 'suspect' : 'account';
  inFlight.set(user.id, busy + 1);
  let ok: boolean;
  try {
    ok = await verifyPassword(password, user.password_hash, lane);
  } finally {
    const left = (inFlight.get(user.id) ?? 1) - 1;
    if (left > 0) inFlight.set(user.id, left);
    else inFlight.delete(user.id);
  }
  if (!ok) {
    rememberFailure(user.id, nowMs);
    throw new HttpError(401, LOGIN_FAILED_TEXT);
  }
  recentFailures.delete(user.id);
  return ctx.tokens.sign({ id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version });
}

/** A new player: role 420, balance 0, own referral code, `referred_by` the referrer. */
export async function register(ctx: AppContext, input: z.output<typeof RegisterRequestSchema>): Promise<void> {
  const referrer = await userByReferralCode(ctx.store.db, input.referral);
  if (!referrer) throw new HttpError(400, REGISTER_TEXTS.unknownReferralServer);
  if (await userByUsername(ctx.store.db, input.username)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
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
