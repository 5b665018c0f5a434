// When the page a player landed on is on the screen: the work no first screen draws (the session's
// renewal, the API client for a later action, the account stream, the vitals library) waits for it,
// so it neither holds up that page's paint nor shares the link with its files (docs/decisions/246).
import { afterPaint } from '@suwerte/ui';

/**
 * How long a deep link waits for the warm-up to hand over its page's code before what waits for the
 * page goes on without it (a release being tried skips the warm-up).
 */
export const LANDING_CODE_WAIT_MS = 5_000;

let handOver: ((code: Promise<unknown>) => void) | null = null;
let handedOver = new Promise<Promise<unknown>>((resolve) => (handOver = resolve));
let shown: Promise<void> | null = null;
/** Whether the page landed on is on the screen (`whenLandingPageShown` has resolved). */
let landed = false;
/** The path the page was loaded at, when a test says; else the navigation's own. */
let landingOverride: string | null = null;

/**
 * Called by the deep-link warm-up with the landing page's code (or a settled promise when there is
 * no remote page to wait for): its first screen is drawn once that code is in. The first call counts.
 */
export function landingPageCode(code: Promise<unknown>): void {
  handOver?.(code);
  handOver = null;
}

/**
 * The path the document was loaded at (the navigation's own address, whatever the router did since);
 * the address bar's when the browser keeps no navigation entry.
 */
export function landingPath(): string {
  if (landingOverride !== null) return landingOverride;
  const [navigation] = performance.getEntriesByType('navigation');
  try {
    return navigation ? new URL(navigation.name).pathname : window.location.pathname;
  } catch {
    return window.location.pathname;
  }
}

/**
 * Resolves once the page landed on shows its first screen: on `/` (the shell's own page), after the
 * next paint; on a deep link, once the warm-up's page code is in (or LANDING_CODE_WAIT_MS has passed
 * without it) and a paint is presented.
 */
export function whenLandingPageShown(): Promise<void> {
  if (shown) return shown;
  const showing: Promise<void> = (
    landingPath() === '/'
      ? Promise.resolve()
      : Promise.race([handedOver.then((code) => code), new Promise((resolve) => setTimeout(resolve, LANDING_CODE_WAIT_MS))])
  )
    .then(afterPaint, afterPaint)
    .then(() => {
      // Not a landing forgotten since (tests).
      if (shown === showing) landed = true;
    });
  shown = showing;
  return shown;
}

/** True once the page landed on is on the screen; later pages are the player's own navigations. */
export function landingPageShown(): boolean {
  void whenLandingPageShown();
  return landed;
}

/** Forgets the landing page (tests), and takes `landing` as the path the page was loaded at. */
export function resetLandingPage(landing: string | null = null): void {
  shown = null;
  landed = false;
  landingOverride = landing;
  handedOver = new Promise((resolve) => (handOver = resolve));
}
