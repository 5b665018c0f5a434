// @ts-check
// Its own module, so the kernel's API client can check a path without the rest of this package's constants.
/**
 * A path a remote's build may list among a page's first calls (`suwerte.pages[data-…].calls`),
 * which the host calls early with the player's token (docs/decisions/232): a plain path on the
 * player API — no origin, query, parameter left to fill, or dot segment.
 * @param {string} path
 */
export function isEarlyCallPath(path) {
  return /^\/[A-Za-z0-9\-_~/.]*$/.test(path) && !path.startsWith('//') && !path.split('/').some((segment) => segment === '..' || segment === '.');
}
