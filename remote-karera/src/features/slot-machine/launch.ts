import { launchUrlFor } from '@suwerte/ui/launch';

/**
 * Where `/SlotMachineRoute` sends the player: the external slot game "with accesstoken only"
 * (document 1's route table; docs/decisions/191) — an access token for this launch, never the
 * session's own (docs/decisions/141).
 */
export function slotMachineUrl(): Promise<string | null> {
  return launchUrlFor('slotmachine', {});
}

/** The site's own launcher route; the e-games cards open it in a new tab. */
export const SLOT_MACHINE_ROUTE = '/SlotMachineRoute';

/** Sends this tab on to `url` (replacing the launcher in the history, so Back returns to the site). */
export function leaveFor(url: string): void {
  window.location.replace(url);
}
