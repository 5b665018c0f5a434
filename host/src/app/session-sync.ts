import { keepSessionAlive, syncSessionAcrossTabs } from '@suwerte/shared/host';

/**
 * A logout or sign-in in another tab reaches this one at once (docs/decisions/081); an active
 * player's session is renewed as they use the site, an idle one signs out when it ends
 * (docs/decisions/143).
 */
export function startSessionSync(): void {
  syncSessionAcrossTabs();
  keepSessionAlive();
}
