// Where the router is going (on the shell's path: a few lines). A page that reloads into a new
// remote release during a navigation must land where the player was going, not where they were.

let target: string | null = null;

export function setNavigationTarget(location: { pathname: string; search: string; hash: string } | undefined): void {
  target = location ? `${location.pathname}${location.search}${location.hash}` : null;
}

/** The address of the navigation under way, or of the page when none is. */
export function navigationTarget(): string {
  return target ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
