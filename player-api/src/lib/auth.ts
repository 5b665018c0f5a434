import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import type { AppMode } from '../config/env';
import type { CommittedRow, CommittedRows } from '../db/committed';
import { isOpenSession, type SessionRow } from '../db/sessions';
import { OPERATOR_ROLE, PLAYER_ROLE, type UserRow } from '../db/users';
import { HttpError } from './errors';
import type { TokenService, VerifiedLaunch, VerifiedToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `authenticate` preHandler on protected routes. */
    user: UserRow | null;
    /**
     * SQLite: the data version `user` was read at (db/committed.ts) — a moment of this request the
     * handler's own cached reads may take as theirs (lib/answer-cache.ts, lib/catch-up-gate.ts).
     */
    dataVersion: string | undefined;
    /** The caller's server-side session (its token's `sid`), set with `user`. */
    sessionId: string | null;
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
 * ended by a logout or a password change, an idle session expired, a demo account outside demo
 * mode — answers
 * 401 `{ message: 'ERROR VERIFYING TOKEN' }`. A valid token of another role than the route's
 * (an operator on a player route, a player on an operator route) answers 403 `{ message }`:
 * the caller is known, just not allowed — and the site never holds a non-player token.
 * The role is the account's as stored (read per request from the store), never the token's claim.
 */
export type AuthenticateHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * What decides whether a token's session is open and its account may act: the accounts and the
 * sessions as committed (read on every request), the app's mode and clock.
 */
export interface SessionCheck {
  users: CommittedRows<UserRow>;
  sessions: CommittedRows<SessionRow>;
  mode: AppMode;
  now: () => Date;
}

/**
 * The account a verified token (a session token, a launch token or a ticket) speaks for, if it
 * may: the account exists, its session version is the token's (no password change since), it is
 * no demo account outside demo mode (docs/decisions/140), and the token's session is open — not
 * ended by a logout, not expired unused (docs/decisions/143). Undefined otherwise.
 */
export function accountOf(check: Pick<SessionCheck, 'mode' | 'now'>, verified: VerifiedToken, user: UserRow | undefined, session: SessionRow | undefined): UserRow | undefined {
  if (!user || user.token_version !== verified.ver) return undefined;
  if (user.demo === 1 && check.mode !== 'demo') return undefined;
  return isOpenSession(session, user.id, check.now()) ? user : undefined;
}

/** `accountOf`, reading the account and the session as committed now. */
export async function activeAccount(check: SessionCheck, verified: VerifiedToken): Promise<UserRow | undefined> {
  const [account, session] = await Promise.all([check.users.byId(verified.sub), check.sessions.byId(verified.sid)]);
  return accountOf(check, verified, account.row, session.row);
}

/** A launch token the route takes (a route of the game site: its game and id), besides a player's own session token. */
export type LaunchScope = (launch: VerifiedLaunch, request: FastifyRequest) => boolean;

export function createAuthenticate(check: SessionCheck, tokens: TokenService, auth: SignedInAuth | readonly SignedInAuth[], launchScope?: LaunchScope): AuthenticateHook {
  const accepted = [auth].flat().map((name) => ROLE_OF[name]);
  const roles = new Set(accepted.map((entry) => entry.role));
  const refusal = accepted.length === 1 ? (accepted[0]?.refusal ?? OPERATORS_ONLY_TEXT) : 'Players and operators only';
  /** Lets the request through, or answers it: the same checks whichever way the token, the account and the session were read. */
  const admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, verified: VerifiedToken, account: CommittedRow<UserRow>, session: SessionRow | undefined) => {
    // A token of an ended session (a logout, a password change) is as good as a forged one.
    const user = accountOf(check, verified, account.row, session);
    if (!user) return void deny(reply);
    if (!roles.has(user.role)) return void reply.code(403).send({ message: refusal });
    request.user = user;
    request.sessionId = verified.sid;
    request.dataVersion = account.version;
    done();
  };
  /** A launch token in the scope of this route (the game site's own calls), when the route takes one. */
  const launched = async (token: string, request: FastifyRequest): Promise<VerifiedToken | null> => {
    if (!launchScope) return null;
    const launch = await tokens.verifyLaunch(token).catch(() => null);
    return launch && launchScope(launch, request) ? launch : null;
  };
  /** The token verified (signature and all), the account and the session read through the query layer, when they cannot be had at once. */
  const slowly = async (token: string, request: FastifyRequest): Promise<{ verified: VerifiedToken; account: CommittedRow<UserRow>; session: SessionRow | undefined } | null> => {
    const verified = (await tokens.verify(token).catch(() => null)) ?? (await launched(token, request));
    if (!verified) return null;
    const [account, session] = await Promise.all([check.users.byId(verified.sub), check.sessions.byId(verified.sid)]);
    return { verified, account, session: session.row };
  };
  // A callback hook: a remembered token whose account and session can be read at once (SQLite,
  // between transactions — the usual request) is checked without a promise (docs/decisions/131).
  return function authenticate(request, reply, done) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return void deny(reply);
    // The account and the session as committed now, on every request: a deleted account, a changed
    // role or session version (a new password), a logout count at once, and handlers get the
    // balance as committed.
    const recalled = tokens.recall(token);
    const account = recalled && check.users.byIdNow(recalled.sub);
    const session = account && recalled && check.sessions.byIdNow(recalled.sid);
    if (recalled && account && session) return admit(request, reply, done, recalled, account, session.row);
    slowly(token, request).then((checked) => (checked ? admit(request, reply, done, checked.verified, checked.account, checked.session) : void deny(reply)), done);
  };
}

/** The signed-in user of a protected route (its preHandler guarantees one). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, TOKEN_ERROR_TEXT);
  return request.user;
}

/** The server-side session of a protected route's caller (its preHandler set it with the user). */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new HttpError(401, TOKEN_ERROR_TEXT);
  return request.sessionId;
}

/** The signed-in operator (role 1) of a back-office route; anyone else gets 403. */
export function currentOperator(request: FastifyRequest): UserRow {
  const user = currentUser(request);
  if (user.role !== OPERATOR_ROLE) throw new HttpError(403, OPERATORS_ONLY_TEXT);
  return user;
}
