import { REGISTER_TEXTS, PLAYER_ROLE, type LoginRequest, type RegisterRequestSchema } from '@suwerte/shared/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { findUserByReferralCode, findUserByUsername, insertUser, isUniqueViolation } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';

export const LOGIN_FAILED_TEXT = 'Invalid username or password';
export const USERNAME_TAKEN_TEXT = 'Username already exists';

/** Checks the credentials and signs a token carrying the user's real role; 401 on any mismatch. */
export async function login(ctx: AppContext, { username, password }: LoginRequest): Promise<string> {
  const user = findUserByUsername(ctx.db, username);
  const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
  if (!user || !ok) throw new HttpError(401, LOGIN_FAILED_TEXT);
  return ctx.tokens.sign({ id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version });
}

/** A new player: role 420, balance 0, own referral code, `referred_by` the referrer. */
export async function register(ctx: AppContext, input: z.output<typeof RegisterRequestSchema>): Promise<void> {
  const referrer = findUserByReferralCode(ctx.db, input.referral);
  if (!referrer) throw new HttpError(400, REGISTER_TEXTS.unknownReferralServer);
  if (findUserByUsername(ctx.db, input.username)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
  const passwordHash = await hashPassword(input.password);
  try {
    ctx.db
      .transaction(() =>
        insertUser(ctx.db, {
          username: input.username,
          passwordHash,
          role: PLAYER_ROLE,
          email: input.email,
          contactnumber: input.contactnumber,
          referredBy: referrer.id,
          now: ctx.now(),
        }),
      )
      .immediate();
  } catch (error) {
    // Two registrations of the same name racing: the UNIQUE index decides.
    if (isUniqueViolation(error) && findUserByUsername(ctx.db, input.username)) throw new HttpError(409, USERNAME_TAKEN_TEXT);
    throw error;
  }
}
