import { GAME_TYPE } from '@suwerte/contracts/core';
import { gameLaunchUrl } from '@suwerte/ui/launch';
import { whenRuntimeConfig } from '@suwerte/shared';

/** Where `/SlotMachineRoute` sends the player: the external slot game with the access token and game type 300. */
export async function slotMachineUrl(token: string): Promise<string | null> {
  await whenRuntimeConfig();
  return gameLaunchUrl('slotmachine', { accesstoken: token, type: GAME_TYPE.SLOT_MACHINE });
}

/** The site's own launcher route; the e-games cards open it in a new tab. */
export const SLOT_MACHINE_ROUTE = '/SlotMachineRoute';

/** Sends this tab on to `url` (replacing the launcher in the history, so Back returns to the site). */
export function leaveFor(url: string): void {
  window.location.replace(url);
}
