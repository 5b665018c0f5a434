import type { Account, UpdatePasswordRequest, UpdateProfileRequestSchema } from '@suwerte/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { setPasswordHash, setProfile, type UserRow } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { fromCentavos } from '@suwerte/money';
import { commonPasswordRefusal } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/passwords';
import { transaction } from '../../db/money';
import { endOtherSessions } from '../../db/sessions';

export const PASSWORD_UPDATED_TEXT = 'Password updated';
export const NOT_YOUR_ACCOUNT_TEXT = 'You can only change your own password';
export const PROFILE_UPDATED_TEXT = 'Profile updated';

/** GET /account/ body: strings are '' when unset; `name` is the full name, else the username. */
export function toAccount(user: UserRow): Account {
  return {
    _id: user.id,
    username: user.username,
    name: user.fullname || user.username,
    createdAt: user.created_at,
    balance: fromCentavos(user.balance_centavos),
    fullname: user.fullname,
    contactnumber: user.contactnumber,
    email: user.email,
  };
}

/**
 * The body's id and username must be the caller's own. A new password ends every session of the
 * account — other devices' tokens and sockets (someone who learned the old password is out) —
 * and the caller continues with the new token this returns.
 */
export async function changePassword(ctx: AppContext, user: UserRow, sessionId: string, request: UpdatePasswordRequest): Promise<string> {
  if (request.id !== user.id || request.username.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new HttpError(403, NOT_YOUR_ACCOUNT_TEXT);
  }
  const refusal = await commonPasswordRefusal(request.password, user.username);
  if (refusal) throw new HttpError(400, refusal, 'password');
  const passwordHash = await hashPassword(request.password);
  const now = ctx.now();
  // The new password and the end of every other session in one transaction: the version ends
  // their tokens, the sessions' rows say so too (docs/decisions/143).
  const version = await transaction(ctx.store, async (q) => {
    const next = await setPasswordHash(q, user.id, passwordHash, now);
    await endOtherSessions(q, { userId: user.id, keep: sessionId, now });
    return next;
  });
  ctx.events.sessionsEnded(user.id, version);
  return ctx.tokens.sign({ id: user.id, username: user.username, role: user.role, tokenVersion: version, sessionId });
}

export async function changeProfile(ctx: AppContext, user: UserRow, profile: z.output<typeof UpdateProfileRequestSchema>): Promise<void> {
  await setProfile(ctx.store.db, user.id, profile, ctx.now());
}
