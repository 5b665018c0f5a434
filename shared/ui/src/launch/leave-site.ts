type LeaveSite = (url: string) => void;

/**
 * `replace`, not `assign`: a launch route only redirects, so keeping it in the history would
 * bounce a player pressing Back straight into the game again; Back from the game returns to the
 * page the launch was started from.
 */
const replaceLocation: LeaveSite = (url) => window.location.replace(url);

let leave: LeaveSite = replaceLocation;

/** Sends the browser to an external game site (a full-page redirect). */
export function leaveSiteFor(url: string): void {
  leave(url);
}

/**
 * Unit tests only (through `@suwerte/shared/testing`): jsdom cannot navigate away, so a test
 * records where the page would have gone.
 */
export function replaceLeaveSite(next: LeaveSite): void {
  leave = next;
}

/** Puts the real redirect back (the unit-test setup does it after every test). */
export function restoreLeaveSite(): void {
  leave = replaceLocation;
}
