import { syncSessionAcrossTabs } from '@suwerte/shared/host';

/** A logout or sign-in in another tab reaches this one at once (docs/decisions/081). */
export function startSessionSync(): void {
  syncSessionAcrossTabs();
}
