import { sessionStore } from '@suwerte/shared';
import { keepSessionAlive, syncSessionAcrossTabs } from '@suwerte/shared/host';
import { whenLandingPageShown } from '../lib/landing-page';

/**
 * A logout or sign-in in another tab reaches this one at once (docs/decisions/081); an active
 * player's session is renewed as they use the site, an idle one signs out when it ends
 * (docs/decisions/143) — the check at a load once the page landed on is on the screen (246).
 */
export function startSessionSync(): void {
  syncSessionAcrossTabs();
  keepSessionAlive(window, sessionStore, { firstCheckAfter: whenLandingPageShown() });
}
