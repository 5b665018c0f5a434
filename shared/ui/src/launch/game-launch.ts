import type { ExternalGame } from '@suwerte/contracts/core';
import { forSiteType, getRuntimeConfig } from '@suwerte/shared';

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
