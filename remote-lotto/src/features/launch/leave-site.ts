/**
 * Sends the browser to an external game site. `replace`, not `assign`: the launch route only
 * redirects, so keeping it in the history would bounce a player pressing Back straight into
 * the game again; Back from the game returns to the page the launch was started from.
 */
export function leaveSiteFor(url: string): void {
  window.location.replace(url);
}
