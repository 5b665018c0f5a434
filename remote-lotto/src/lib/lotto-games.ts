import { GAME_TYPE } from '@suwerte/contracts/core';
import { isLottoGameType, type LottoSchedule } from '@suwerte/contracts/lotto';

/** Where each lotto game's bet buttons lead (the launch routes, document 1 section 2). */
export const LAUNCH_PATHS = {
  pick3: (type: number) => `/Pick3Route/${type}`,
  pick12: (type: number) => `/Pick12Route/${type}`,
  megaMillion: '/MegaMillionRoute',
  ez2: (scheduleId: string) => `/EZ2Route/${encodeURIComponent(scheduleId)}`,
} as const;

export interface BetButton {
  label: string;
  to: string;
}

/**
 * The bet buttons of a schedule card: Bet Pick 3 and Bet Pick 12 for the 6/N games (by game
 * type), Bet Now for Mega Millions, and Bet Now for EZ 2 (by schedule id). A game type the site
 * does not know gets none.
 */
export function betButtons(schedule: LottoSchedule): BetButton[] {
  const type = schedule.GameType;
  if (isLottoGameType(type)) {
    return [
      { label: 'Bet Pick 3', to: LAUNCH_PATHS.pick3(type) },
      { label: 'Bet Pick 12', to: LAUNCH_PATHS.pick12(type) },
    ];
  }
  if (type === GAME_TYPE.MEGA_MILLIONS) return [{ label: 'Bet Now', to: LAUNCH_PATHS.megaMillion }];
  if (type === GAME_TYPE.EZ2) return [{ label: 'Bet Now', to: LAUNCH_PATHS.ez2(schedule._id) }];
  return [];
}
