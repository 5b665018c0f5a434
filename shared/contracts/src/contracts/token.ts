import { z } from 'zod/mini';

/**
 * What the signed access token carries: `UserInfo {username, role}` and `exp` (seconds since
 * epoch); `iat` (when it was signed) tells the page when to renew it (docs/decisions/143).
 */
export const AccessTokenClaimsSchema = z.object({
  UserInfo: z.object({ username: z.string().check(z.minLength(1)), role: z.int() }),
  exp: z.int().check(z.positive()),
  iat: z.optional(z.int().check(z.positive())),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

/** The only role accepted as a login (document 1, section 6). */
export const PLAYER_ROLE = 420;
