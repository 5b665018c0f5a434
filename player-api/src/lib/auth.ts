import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import type { CommittedUser, CommittedUsers } from '../db/committed';
import { OPERATOR_ROLE, PLAYER_ROLE, type UserRow } from '../db/users';
import { HttpError } from './errors';
import type { TokenService, VerifiedToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `authenticate` preHandler on protected routes. */
    user: UserRow | null;
    /**
     * SQLite: the data version `user` was read at (db/committed.ts) — a moment of this request the
     * handler's own cached reads may take as theirs (lib/answer-cache.ts, lib/catch-up-gate.ts).
     */
    dataVersion: string | undefined;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i;

function deny(reply: FastifyReply): FastifyReply {
  // This exact text makes the browser log the player out.
  return reply.code(401).send({ message: TOKEN_ERROR_TEXT });
}

/** Who may call a route: anyone, a player (role 420) or an operator (role 1). */
export type RouteAuth = 'public' | 'player' | 'operator';
/** The roles a signed-in route accepts. */
export type SignedInAuth = Exclude<RouteAuth, 'public'>;
/** How the route registry names a route open to players and operators alike (a proof image: its owner or an operator). */
export type RegistryAuth = RouteAuth | 'signed-in';

export const PLAYERS_ONLY_TEXT = 'Players only';
export const OPERATORS_ONLY_TEXT = 'Operators only';

const ROLE_OF: Record<SignedInAuth, { role: number; refusal: string }> = {
  player: { role: PLAYER_ROLE, refusal: PLAYERS_ONLY_TEXT },
  operator: { role: OPERATOR_ROLE, refusal: OPERATORS_ONLY_TEXT },
};

/**
 * A route hook (`onRequest` or `preHandler`) that reads `Authorization: Bearer <token>`, verifies
 * it (HS256, expiry against the app clock), loads the user and sets `request.user`. Any failure —
 * no header, another scheme, a forged, malformed or expired token, a deleted user, a session
 * ended by a password change — answers
 * 401 `{ message: 'ERROR VERIFYING TOKEN' }`. A valid token of another role than the route's
 * (an operator on a player route, a player on an operator route) answers 403 `{ message }`:
 * the caller is known, just not allowed — and the site never holds a non-player token.
 * The role is the account's as stored (read per request from the store), never the token's claim.
 */
export type AuthenticateHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

export function createAuthenticate(users: CommittedUsers, tokens: TokenService, auth: SignedInAuth | readonly SignedInAuth[]): AuthenticateHook {
  const accepted = [auth].flat().map((name) => ROLE_OF[name]);
  const roles = new Set(accepted.map((entry) => entry.role));
  const refusal = accepted.length === 1 ? (accepted[0]?.refusal ?? OPERATORS_ONLY_TEXT) : 'Players and operators only';
  /** Lets the request through, or answers it: the same checks whichever way the token and the account were read. */
  const admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, verified: VerifiedToken, { user, version }: CommittedUser) => {
    // A token of an ended session (the password changed since) is as good as a forged one.
    if (!user || user.token_version !== verified.ver) return void deny(reply);
    if (!roles.has(user.role)) return void reply.code(403).send({ message: refusal });
    request.user = user;
    request.dataVersion = version;
    done();
  };
  /** The token verified (signature and all) and the account read through the query layer, when either cannot be had at once. */
  const slowly = async (token: string): Promise<{ verified: VerifiedToken; account: CommittedUser } | null> => {
    let verified: VerifiedToken;
    try {
      verified = await tokens.verify(token);
    } catch {
      return null;
    }
    return { verified, account: await users.byId(verified.sub) };
  };
  // A callback hook: a remembered token whose account can be read at once (SQLite, between
  // transactions — the usual request) is checked without a promise (docs/decisions/131).
  return function authenticate(request, reply, done) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return void deny(reply);
    // The account as committed now, on every request: a deleted account, a changed role or session
    // version (a new password) counts at once, and handlers get the balance as committed.
    const recalled = tokens.recall(token);
    const account = recalled && users.byIdNow(recalled.sub);
    if (recalled && account) return admit(request, reply, done, recalled, account);
    slowly(token).then((checked) => (checked ? admit(request, reply, done, checked.verified, checked.account) : void deny(reply)), done);
  };
}

/** The signed-in user of a protected route (its preHandler guarantees one). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, TOKEN_ERROR_TEXT);
  return request.user;
}

/** The signed-in operator (role 1) of a back-office route; anyone else gets 403. */
export function currentOperator(request: FastifyRequest): UserRow {
  const user = currentUser(request);
  if (user.role !== OPERATOR_ROLE) throw new HttpError(403, OPERATORS_ONLY_TEXT);
  return user;
}
