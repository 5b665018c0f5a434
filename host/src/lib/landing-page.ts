// When the page a player landed on is on the screen: the work no first screen draws (the API client
// for a later action, the vitals library) waits for it, so it neither holds up that page's paint nor
// shares the link with its files (docs/decisions/246).
import { afterPaint } from '@suwerte/ui';

let shown: Promise<void> | null = null;

/**
 * Called by the deep-link warm-up with the landing page's code: its first screen is drawn once that
 * code is in. The first call counts (the page is landed on once).
 */
export function landingPageCode(code: Promise<unknown>): void {
  shown ??= code.then(afterPaint, afterPaint);
}

/**
 * Resolves once the landing page's first screen is on the screen: after its code is in and a paint
 * is presented; after the next paint when the page landed on is not a remote's (the shell's own).
 */
export function whenLandingPageShown(): Promise<void> {
  return shown ?? afterPaint();
}

/** Forgets the landing page (tests). */
export function resetLandingPage(): void {
  shown = null;
}
