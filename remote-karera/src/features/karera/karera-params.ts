// Video Karera talks to the game server over socket.io, not HTTP: where and how it connects, from
// the runtime config's socket URL and the signed-in player.
import { KARERA_SOCKET_OPTIONS, type KareraHandshakeQuery } from '@suwerte/contracts/karera';
import { forSiteType, sessionStore, whenRuntimeConfig } from '@suwerte/shared';

export interface KareraConnectionParams {
  /** The game server's origin (socket.io would read a path in the URL as a namespace). */
  origin: string;
  /** The socket.io path under that origin, e.g. `/socket.io` or `/api/socket.io`. */
  path: string;
  /** Handshake query: the user name and the access token (document 2, section 7). */
  query: KareraHandshakeQuery;
  /** Reconnection delay 1 s up to 5 s, connection time-out 20 s (document 2, section 9). */
  options: typeof KARERA_SOCKET_OPTIONS;
}

/** How to reach the Video Karera socket for the signed-in player; null when nobody is signed in. */
export async function kareraConnectionParams(): Promise<KareraConnectionParams | null> {
  const config = await whenRuntimeConfig();
  const { user } = sessionStore.getState();
  if (!user.token) return null;
  const url = new URL(forSiteType(config.socket));
  return {
    origin: url.origin,
    path: `${url.pathname.replace(/\/+$/, '')}/socket.io`,
    query: { username: user.name, accesstoken: user.token },
    options: KARERA_SOCKET_OPTIONS,
  };
}
