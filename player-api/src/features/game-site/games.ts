import type { ExternalGame } from '@suwerte/shared/contracts';

/** Titles of the external games the site launches (`/games/<game>`). */
export const EXTERNAL_GAME_TITLES: Record<string, string> & Record<ExternalGame, string> = {
  pick3: 'Pick 3',
  pick12: 'Pick 12',
  megamillion: 'Mega Millions',
  ez2: 'EZ 2',
  weteng: 'Weteng',
  slotmachine: 'Slot Machine',
  ending: 'Ending',
  endingwq: 'Ending — Quarter Prize',
  teambetting: 'Team Winner',
  ftts: 'First Team To Score',
  oddeven: 'Odd/Even',
};
