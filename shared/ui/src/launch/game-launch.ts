import type { ExternalGame } from '@suwerte/contracts/core';
import { authEndpoints } from '@suwerte/contracts/account';
import { callEndpoint, forSiteType, getRuntimeConfig, whenRuntimeConfig } from '@suwerte/shared';

/**
 * External game sites: the launch routes send the browser to `<gameSite>/<game>?…` with the
 * access token and the game's parameters (percent-encoded). The host of the game site depends
 * on the site type (fixed to production) and comes from the runtime config.
 */
/** The URL of an external game for this player; null until the runtime config is loaded. */
export function gameLaunchUrl(game: ExternalGame, params: Record<string, string | number>): string | null {
  const config = getRuntimeConfig();
  if (!config) return null;
  const url = new URL(`${forSiteType(config.gameSite).replace(/\/+$/, '')}/${game}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return url.toString();
}

/**
 * The launch URL of a game for the signed-in player (docs/decisions/141): the API hands a token
 * for this one launch (`POST /game/launch`: the game and its `id` parameter, when it has one),
 * which goes into the URL's `accesstoken` — never the session's own token, which would let the
 * game site (and anyone reading its logs or the browser's history) act as the player on this
 * site. The spec's parameters stay as they are. Null until the runtime config is loaded; rejects
 * when the API refuses (an ended session signs out through the API client).
 */
export async function launchUrlFor(game: ExternalGame, params: Record<string, string | number>): Promise<string | null> {
  const id = params.id;
  const [{ accesstoken }] = await Promise.all([
    callEndpoint(authEndpoints.gameLaunch, { body: id === undefined ? { game } : { game, id: String(id) } }),
    whenRuntimeConfig(),
  ]);
  return gameLaunchUrl(game, { accesstoken, ...params });
}
