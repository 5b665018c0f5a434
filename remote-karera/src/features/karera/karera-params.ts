// Video Karera talks to the game server over socket.io, not HTTP: where and how it connects, from
// the runtime config's socket URL and the signed-in player.
import { KARERA_SOCKET_OPTIONS, type KareraHandshakeQuery } from '@suwerte/contracts/karera';
import { authEndpoints } from '@suwerte/contracts/account';
import { callEndpoint, forSiteType, sessionStore, whenRuntimeConfig } from '@suwerte/shared';

export interface KareraConnectionParams {
  /** The game server's origin (socket.io would read a path in the URL as a namespace). */
  origin: string;
  /** The socket.io path under that origin, e.g. `/socket.io` or `/api/socket.io`. */
  path: string;
  /**
   * Handshake query: the user name and the access token (document 2, section 7). The token is a
   * ticket for this one connection (`POST /karera/ticket`, docs/decisions/142), never the
   * session's own: a socket URL ends up in proxies' logs.
   */
  query: KareraHandshakeQuery;
  /** Reconnection delay 1 s up to 5 s, connection time-out 20 s (document 2, section 9). */
  options: typeof KARERA_SOCKET_OPTIONS;
}

/**
 * How to reach the Video Karera socket for the signed-in player, with a new ticket (each opens
 * one connection: ask again for every connection); null when nobody is signed in. Rejects when
 * the API gives no ticket (an ended session is signed out by the API client).
 */
export async function kareraConnectionParams(): Promise<KareraConnectionParams | null> {
  const config = await whenRuntimeConfig();
  const { user } = sessionStore.getState();
  if (!user.token) return null;
  const { accesstoken } = await callEndpoint(authEndpoints.kareraTicket, { body: {} });
  const url = new URL(forSiteType(config.socket));
  return {
    origin: url.origin,
    path: `${url.pathname.replace(/\/+$/, '')}/socket.io`,
    query: { username: user.name, accesstoken },
    options: KARERA_SOCKET_OPTIONS,
  };
}
