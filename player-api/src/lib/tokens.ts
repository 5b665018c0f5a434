import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { AccessTokenClaimsSchema, EXTERNAL_GAMES, type AccessTokenClaims, type ExternalGame } from '@suwerte/contracts';
import { z } from 'zod';

/** What a verified session token tells the server. */
export interface VerifiedToken extends AccessTokenClaims {
  /** The user's id (`sub`). */
  sub: string;
  /** The version of the account's sessions it was signed for (`ver`). */
  ver: number;
  /** The server-side session it belongs to (`sid`): a logout ends that session, and so the token. */
  sid: string;
}

/**
 * A launch token (docs/decisions/141): handed to one external game site in the launch URL's
 * `accesstoken`. It names the player and the one launch (the game, and the game's id when the
 * launch has one); no route of the site's own API takes it.
 */
export interface VerifiedLaunch extends VerifiedToken {
  game: ExternalGame;
  /** The launched game's id (`id` of the launch URL), when it has one: a basketball market, an EZ 2 draw. */
  gameId: string | undefined;
}

/** A socket ticket (docs/decisions/142): the `accesstoken` of one Video Karera connection, used once. */
export interface VerifiedTicket extends VerifiedToken {
  /** The ticket's id (`jti`): the connection that uses it records it, and a second use is refused. */
  jti: string;
}

/** Who a token is for: the account, its session version and the server-side session. */
export interface TokenSubject {
  id: string;
  username: string;
  role: number;
  /** The account's session version (`users.token_version`); default 0. */
  tokenVersion?: number;
  /** The server-side session (`sessions.id`). */
  sessionId: string;
}

/** How long a launch token opens its game: long enough to land, far too short to keep. */
export const LAUNCH_TOKEN_TTL_SECONDS = 600;
/** How long a socket ticket may wait for its connection. */
export const SOCKET_TICKET_TTL_SECONDS = 60;

/** The server's own claims beside the spec's: session version and session id. */
const SessionClaimsSchema = z.object({ ver: z.int().nonnegative(), sid: z.string().min(16).max(64) });
const LaunchClaimsSchema = SessionClaimsSchema.extend({ use: z.literal('launch'), game: z.enum(EXTERNAL_GAMES), gid: z.string().min(1).max(64).optional() });
const TicketClaimsSchema = SessionClaimsSchema.extend({ use: z.literal('ticket'), jti: z.string().min(16).max(64) });

export interface TokenService {
  /** Signs a session token: `{ UserInfo: { username, role }, ver, sid, sub, iat, exp }`, HS256. */
  sign(subject: TokenSubject): Promise<string>;
  /** Verifies a session token: signature, algorithm and expiry against the injected clock; throws on any failure (a launch token or a ticket included). */
  verify(token: string): Promise<VerifiedToken>;
  /**
   * The claims of a session token `verify` already accepted, if it is still remembered and its
   * time window holds by the injected clock; else undefined (then `verify` decides). Synchronous:
   * a request with a remembered token is checked without a promise.
   */
  recall(token: string): VerifiedToken | undefined;
  /** Signs a launch token for `game` (and the launched game's id), valid LAUNCH_TOKEN_TTL_SECONDS. */
  signLaunch(subject: TokenSubject, launch: { game: ExternalGame; gameId?: string | undefined }): Promise<string>;
  /** Verifies a launch token; throws on anything else (a session token included). */
  verifyLaunch(token: string): Promise<VerifiedLaunch>;
  /** Signs a socket ticket, valid SOCKET_TICKET_TTL_SECONDS. */
  signTicket(subject: TokenSubject): Promise<{ token: string; jti: string; expiresAt: Date }>;
  /** Verifies a socket ticket's signature and time; throws on anything else. Whether it was used already is the caller's to record. */
  verifyTicket(token: string): Promise<VerifiedTicket>;
}

export interface TokenServiceOptions {
  secret: string;
  /** A session token's lifetime: the longest a session lasts without activity (it is renewed while used). */
  ttlSeconds: number;
  now: () => Date;
  /** How many verified tokens are remembered (see `verify`). Default VERIFIED_TOKENS_KEPT. */
  verifiedTokensKept?: number;
}

/** About one token per signed-in player of a busy node; a forgotten one is only verified again. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** A token that passed verification: its claims, and the times that decide whether it still does. */
interface Verified {
  claims: VerifiedToken;
  /** Seconds since the epoch: valid while `now < exp` and, if it has one, `nbf <= now`. */
  exp: number;
  nbf: number | undefined;
}

/** Seconds since the epoch, as jose counts them when it checks `exp` and `nbf`. */
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Remembers the tokens that passed verification (by their full text: only the exact token that
 * was verified matches), the oldest forgotten first when full. What a token says never changes,
 * so only its time window is checked again on each use; whether its account still exists, has
 * the same session version and role, and whether its session is still open is not the token's to
 * say — `authenticate` reads the account and the session on every request (docs/decisions/123, 143).
 */
function verifiedTokenMemo(kept: number) {
  const known = new Map<string, Verified>();
  return {
    recall(token: string, now: Date): VerifiedToken | undefined {
      const entry = known.get(token);
      if (!entry) return undefined;
      const at = epochSeconds(now);
      if (entry.exp <= at || (entry.nbf !== undefined && entry.nbf > at)) return undefined;
      return entry.claims;
    },
    remember(token: string, entry: Verified): void {
      if (known.size >= kept) {
        const oldest = known.keys().next();
        if (!oldest.done) known.delete(oldest.value);
      }
      known.set(token, entry);
    },
  };
}

function frozenClaims<T extends VerifiedToken>(claims: T): T {
  Object.freeze(claims.UserInfo);
  return Object.freeze(claims);
}

/**
 * Each kind of token is signed with a key of its own, derived from the secret: a launch token or a
 * ticket can never pass for a session token (nor the reverse), whatever a route forgets to check.
 * Session tokens keep the secret itself as their key.
 */
function derivedKey(secret: string, purpose: 'launch' | 'ticket'): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`suwerte ${purpose} token key`).digest());
}

export function createTokenService({ secret, ttlSeconds, now, verifiedTokensKept = VERIFIED_TOKENS_KEPT }: TokenServiceOptions): TokenService {
  const sessionKey = new TextEncoder().encode(secret);
  const launchKey = derivedKey(secret, 'launch');
  const ticketKey = derivedKey(secret, 'ticket');
  // Checking an HS256 signature through WebCrypto (key import, HMAC, claims) was a quarter of the
  // CPU of a signed-in read: a token is verified once, then recalled while its time window holds.
  const memo = verifiedTokenMemo(verifiedTokensKept);

  const signed = (subject: TokenSubject, extra: Record<string, unknown>, lifetimeSeconds: number) => {
    const issuedAt = epochSeconds(now());
    const exp = issuedAt + lifetimeSeconds;
    const jwt = new SignJWT({ UserInfo: { username: subject.username, role: subject.role }, ver: subject.tokenVersion ?? 0, sid: subject.sessionId, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp);
    return { jwt, exp };
  };

  /** Signature, algorithm and time window checked; the spec's claims and the session's parsed. */
  const verified = async (token: string, key: Uint8Array): Promise<{ payload: JWTPayload; claims: VerifiedToken }> => {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now(), requiredClaims: ['exp', 'sub'] });
    const claims = AccessTokenClaimsSchema.parse(payload);
    const { ver, sid } = SessionClaimsSchema.parse(payload);
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
    return { payload, claims: { ...claims, ver, sid, sub: payload.sub } };
  };

  return {
    async sign(subject) {
      return signed(subject, {}, ttlSeconds).jwt.sign(sessionKey);
    },
    recall: (token) => memo.recall(token, now()),
    async verify(token) {
      const recalled = memo.recall(token, now());
      if (recalled) return recalled;
      const { payload, claims } = await verified(token, sessionKey);
      // A session token carries no `use`: anything else signed with this key is not one.
      if (payload.use !== undefined) throw new Error('not a session token');
      const frozen = frozenClaims(claims);
      memo.remember(token, { claims: frozen, exp: claims.exp, nbf: payload.nbf });
      return frozen;
    },
    async signLaunch(subject, { game, gameId }) {
      return signed(subject, { use: 'launch', game, ...(gameId ? { gid: gameId } : {}) }, LAUNCH_TOKEN_TTL_SECONDS).jwt.sign(launchKey);
    },
    async verifyLaunch(token) {
      const { payload, claims } = await verified(token, launchKey);
      const launch = LaunchClaimsSchema.parse(payload);
      return frozenClaims({ ...claims, game: launch.game, gameId: launch.gid });
    },
    async signTicket(subject) {
      const jti = randomBytes(16).toString('base64url');
      const { jwt, exp } = signed(subject, { use: 'ticket' }, SOCKET_TICKET_TTL_SECONDS);
      return { token: await jwt.setJti(jti).sign(ticketKey), jti, expiresAt: new Date(exp * 1000) };
    },
    async verifyTicket(token) {
      const { payload, claims } = await verified(token, ticketKey);
      const ticket = TicketClaimsSchema.parse(payload);
      return frozenClaims({ ...claims, jti: ticket.jti });
    },
  };
}
