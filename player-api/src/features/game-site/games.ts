import type { ExternalGame } from '@suwerte/contracts';

/** Titles of the external games the site launches (`/games/<game>`). */
const TITLES: Record<ExternalGame, string> = {
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

/**
 * The title of `/games/<game>`, or undefined. A Map, never an object lookup: `constructor`,
 * `__proto__` or `toString` in the path are unknown games, not Object's own properties.
 */
export const EXTERNAL_GAME_TITLES: ReadonlyMap<string, string> = new Map(Object.entries(TITLES));
