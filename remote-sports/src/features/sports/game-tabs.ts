import { isGameCompleted, type ScheduledGame } from '@suwerte/contracts/sports';
import { DAY_MS, startOfManilaDay } from '@suwerte/time';
import { nextTipOff } from '../../lib/sports-time';

/** The Sports page's tabs (document 2, section 2), in their order. */
export const SPORTS_TABS = [
  { value: 'all', label: 'All Games' },
  { value: 'live', label: 'Live' },
  { value: 'today', label: 'Today' },
  { value: 'completed', label: 'Completed' },
] as const;
export type SportsTab = (typeof SPORTS_TABS)[number]['value'];

export const isSportsTab = (value: string | null): value is SportsTab => SPORTS_TABS.some((tab) => tab.value === value);

type TabGame = Pick<ScheduledGame, 'Schedule' | 'Status'>;

/** Live: the scheduled time has passed and the game is not completed. */
export const isLive = (game: TabGame, now: number): boolean => Date.parse(game.Schedule) <= now && !isGameCompleted(game);

/** Today: scheduled between the start and the end of today in Manila (never the browser's day). */
export function isToday(game: TabGame, now: number): boolean {
  const start = startOfManilaDay(now).getTime();
  const at = Date.parse(game.Schedule);
  return at >= start && at < start + DAY_MS;
}

const bySchedule = (a: TabGame, b: TabGame) => Date.parse(a.Schedule) - Date.parse(b.Schedule);

/** All Games' groups: what can still be bet on first (decision 192). */
const ALL_GAMES_GROUP = { live: 0, upcoming: 1, finished: 2 } as const;
const groupOf = (game: TabGame, now: number): number =>
  isGameCompleted(game) ? ALL_GAMES_GROUP.finished : isLive(game, now) ? ALL_GAMES_GROUP.live : ALL_GAMES_GROUP.upcoming;

/**
 * All Games: the games under way (by tip-off), then those to come (soonest first), then the
 * finished ones (the latest first) — a player looks for what can still be bet on.
 */
function allGamesOrder(a: TabGame, b: TabGame, now: number): number {
  const group = groupOf(a, now) - groupOf(b, now);
  if (group !== 0) return group;
  return groupOf(a, now) === ALL_GAMES_GROUP.finished ? bySchedule(b, a) : bySchedule(a, b);
}

/**
 * The games a tab lists: All Games from the schedule (live, upcoming, finished); Live and Today
 * from the schedule (by tip-off); Completed from the finished games, in the order the server
 * sends them (newest first).
 */
export function gamesForTab<G extends TabGame>(tab: SportsTab, schedule: readonly G[], finished: readonly G[], now: number): G[] {
  switch (tab) {
    case 'all':
      return [...schedule].sort((a, b) => allGamesOrder(a, b, now));
    case 'live':
      return schedule.filter((game) => isLive(game, now)).sort(bySchedule);
    case 'today':
      return schedule.filter((game) => isToday(game, now)).sort(bySchedule);
    case 'completed':
      return [...finished];
  }
}

/**
 * The next moment after `now` at which a tab's list or a card's badge can change: a scheduled
 * game's tip-off (it goes live) or midnight in Manila (Today moves on). Between two such
 * moments the page shows the same thing, so it is not redrawn every second (docs/decisions/136).
 */
export function nextTabChange(schedule: readonly TabGame[], now: number): number {
  const midnight = startOfManilaDay(now).getTime() + DAY_MS;
  return Math.min(nextTipOff(schedule, now) ?? midnight, midnight);
}
