import { SignJWT, jwtVerify } from 'jose';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '@suwerte/contracts';
import { z } from 'zod';

/** What a verified access token tells the server. */
export interface VerifiedToken extends AccessTokenClaims {
  /** The user's id (`sub`). */
  sub: string;
  /** The version of the account's sessions it was signed for (`ver`). */
  ver: number;
}

/** The server's own claim beside the spec's: which session version the token belongs to. */
const SessionVersionSchema = z.object({ ver: z.int().nonnegative() });

export interface TokenService {
  /** Signs `{ UserInfo: { username, role }, ver, sub, iat, exp }` with HS256 (`ver`: the account's session version, default 0). */
  sign(user: { id: string; username: string; role: number; tokenVersion?: number }): Promise<string>;
  /** Verifies signature, algorithm and expiry against the injected clock; throws on any failure. */
  verify(token: string): Promise<VerifiedToken>;
  /**
   * The claims of a token `verify` already accepted, if it is still remembered and its time window
   * holds by the injected clock; else undefined (then `verify` decides). Synchronous: a request
   * with a remembered token is checked without a promise.
   */
  recall(token: string): VerifiedToken | undefined;
}

export interface TokenServiceOptions {
  secret: string;
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
 * the same session version and role is not the token's to say — `authenticate` reads the
 * account's row on every request (docs/decisions/123).
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

function frozenClaims(claims: VerifiedToken): VerifiedToken {
  Object.freeze(claims.UserInfo);
  return Object.freeze(claims);
}

export function createTokenService({ secret, ttlSeconds, now, verifiedTokensKept = VERIFIED_TOKENS_KEPT }: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(secret);
  // Checking an HS256 signature through WebCrypto (key import, HMAC, claims) was a quarter of the
  // CPU of a signed-in read: a token is verified once, then recalled while its time window holds.
  const memo = verifiedTokenMemo(verifiedTokensKept);
  return {
    async sign(user) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ UserInfo: { username: user.username, role: user.role }, ver: user.tokenVersion ?? 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    recall: (token) => memo.recall(token, now()),
    async verify(token) {
      const currentDate = now();
      const recalled = memo.recall(token, currentDate);
      if (recalled) return recalled;
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate,
        requiredClaims: ['exp', 'sub'],
      });
      const claims = AccessTokenClaimsSchema.parse(payload);
      const { ver } = SessionVersionSchema.parse(payload);
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
      const verified = frozenClaims({ ...claims, ver, sub: payload.sub });
      memo.remember(token, { claims: verified, exp: claims.exp, nbf: payload.nbf });
      return verified;
    },
  };
}
