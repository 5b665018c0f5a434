import { jwtDecode } from 'jwt-decode';
import { AccessTokenClaimsSchema, PLAYER_ROLE } from '@suwerte/contracts/core';
import { sessionStore } from '../store/session-store';

export interface PlayerToken {
  token: string;
  username: string;
  role: number;
  /** Expiry, seconds since epoch. */
  exp: number;
  /** When it was signed, seconds since epoch (when the token says). */
  iat?: number;
}

/** Decodes an access token; null unless it is a well-formed, unexpired player (role 420) token. */
export function readPlayerToken(accessToken: string, nowMs = Date.now()): PlayerToken | null {
  let decoded: unknown;
  try {
    decoded = jwtDecode(accessToken);
  } catch {
    return null;
  }
  const claims = AccessTokenClaimsSchema.safeParse(decoded);
  if (!claims.success) return null;
  const { UserInfo, exp, iat } = claims.data;
  if (UserInfo.role !== PLAYER_ROLE || exp * 1000 <= nowMs) return null;
  return { token: accessToken, username: UserInfo.username, role: UserInfo.role, exp, ...(iat === undefined ? {} : { iat }) };
}

/**
 * Starts a session from the login answer. Spec: only a token whose role is 420 is accepted;
 * any other token gives no session (and the caller shows the generic login failure).
 */
export function signInWithAccessToken(accessToken: string): boolean {
  const player = readPlayerToken(accessToken);
  if (!player) return false;
  sessionStore.getState().startSession(player);
  return true;
}

/**
 * Goes on with a new token of the signed-in player (a renewal while the player is active; a
 * password change, which ends every other session and answers the token this one continues with). False, and nothing changes, unless it is
 * a valid player token of the same player.
 */
export function renewSessionToken(accessToken: string): boolean {
  const player = readPlayerToken(accessToken);
  const { user } = sessionStore.getState();
  if (!player || !user.loggedIn || player.username !== user.name) return false;
  sessionStore.getState().renewToken(player);
  return true;
}
