import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { TOKEN_ERROR_TEXT } from '@suwerte/shared/contracts';
import type { DB } from '../db/database';
import { OPERATOR_ROLE, findUserById, type UserRow } from '../db/users';
import { HttpError } from './errors';
import type { TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `authenticate` preHandler on protected routes. */
    user: UserRow | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i;

function deny(reply: FastifyReply): FastifyReply {
  // This exact text makes the browser log the player out.
  return reply.code(401).send({ message: TOKEN_ERROR_TEXT });
}

/**
 * A preHandler that reads `Authorization: Bearer <token>`, verifies it (HS256, expiry against
 * the app clock), loads the user and sets `request.user`. Any failure — no header, another
 * scheme, a forged, malformed or expired token, a deleted user — answers
 * 401 `{ message: 'ERROR VERIFYING TOKEN' }`.
 */
export function createAuthenticate(db: DB, tokens: TokenService): preHandlerAsyncHookHandler {
  return async function authenticate(request, reply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (!token) return deny(reply);
    let userId: string;
    try {
      userId = (await tokens.verify(token)).sub;
    } catch {
      return deny(reply);
    }
    const user = findUserById(db, userId);
    if (!user) return deny(reply);
    request.user = user;
  };
}

/** The signed-in user of a protected route (its preHandler guarantees one). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, TOKEN_ERROR_TEXT);
  return request.user;
}

export const OPERATORS_ONLY_TEXT = 'Operators only';

/** The signed-in operator (role 1) of a back-office route; anyone else gets 403. */
export function currentOperator(request: FastifyRequest): UserRow {
  const user = currentUser(request);
  if (user.role !== OPERATOR_ROLE) throw new HttpError(403, OPERATORS_ONLY_TEXT);
  return user;
}
