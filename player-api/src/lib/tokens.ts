import { SignJWT, jwtVerify } from 'jose';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '@suwerte/shared/contracts';

/** What a verified access token tells the server. */
export interface VerifiedToken extends AccessTokenClaims {
  /** The user's id (`sub`). */
  sub: string;
}

export interface TokenService {
  /** Signs `{ UserInfo: { username, role }, sub, iat, exp }` with HS256. */
  sign(user: { id: string; username: string; role: number }): Promise<string>;
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
      return new SignJWT({ UserInfo: { username: user.username, role: user.role } })
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
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
      return { ...claims, sub: payload.sub };
    },
  };
}
