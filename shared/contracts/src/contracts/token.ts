import { z } from 'zod';

/**
 * What the signed access token carries: `UserInfo {username, role}` and `exp` (seconds since
 * epoch); `iat` (when it was signed) tells the page when to renew it (docs/decisions/143).
 */
export const AccessTokenClaimsSchema = z.object({
  UserInfo: z.object({ username: z.string().min(1), role: z.int() }),
  exp: z.int().positive(),
  iat: z.int().positive().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

/** The only role accepted as a login (document 1, section 6). */
export const PLAYER_ROLE = 420;
