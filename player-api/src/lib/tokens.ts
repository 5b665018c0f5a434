import { SignJWT, jwtVerify } from 'jose';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '@suwerte/shared/contracts';
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
}

export interface TokenServiceOptions {
  secret: string;
  ttlSeconds: number;
  now: () => Date;
}

export function createTokenService({ secret, ttlSeconds, now }: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(secret);
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
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: now(),
        requiredClaims: ['exp', 'sub'],
      });
      const claims = AccessTokenClaimsSchema.parse(payload);
      const { ver } = SessionVersionSchema.parse(payload);
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
      return { ...claims, ver, sub: payload.sub };
    },
  };
}
