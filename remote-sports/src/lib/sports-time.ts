import { manilaDay, startOfManilaDay } from '@suwerte/shared';

// Dates on the sports pages are Philippine time (Asia/Manila), worked out from the instant
// itself — never from the browser's time zone — so a player abroad sees the tip-off the way the
// schedule and the player API mean it. Built by hand so every browser prints the same text.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Instant = Date | number | string;
const ms = (instant: Instant): number => new Date(instant).getTime();

function clock(instant: Instant): { hour: number; minute: string; period: 'AM' | 'PM' } {
  const minutes = Math.floor((ms(instant) - startOfManilaDay(ms(instant)).getTime()) / 60_000);
  const hour24 = Math.floor(minutes / 60);
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute: String(minutes % 60).padStart(2, '0'), period: hour24 < 12 ? 'AM' : 'PM' };
}

/** A game card's tip-off: 'Sat, Jun 13, 2026 · 9:00 PM'. */
export function formatTipOff(instant: Instant): string {
  const { year, month, day, weekday } = manilaDay(ms(instant));
  const { hour, minute, period } = clock(instant);
  return `${WEEKDAYS[weekday] ?? ''}, ${MONTHS[month - 1] ?? ''} ${day}, ${year} · ${hour}:${minute} ${period}`;
}

/** A tip-off in a line: 'Jun 13 · 9:00 PM'. */
export function formatShortTipOff(instant: Instant): string {
  const { month, day } = manilaDay(ms(instant));
  const { hour, minute, period } = clock(instant);
  return `${MONTHS[month - 1] ?? ''} ${day} · ${hour}:${minute} ${period}`;
}

/** A bet set's date, month/day/year and the time with am/pm (document 2, section 2): '6/13/2026 9:05 pm'. */
export function formatBetSetDate(instant: Instant): string {
  const { year, month, day } = manilaDay(ms(instant));
  const { hour, minute, period } = clock(instant);
  return `${month}/${day}/${year} ${hour}:${minute} ${period.toLowerCase()}`;
}

/**
 * The first tip-off after `now` among `games`, or null when every game has started: the moment a
 * quarter badge appears. Pages that show badges read the time then (`useTimeAt`), not every second.
 */
export function nextTipOff(games: readonly { Schedule: string }[], now: number): number | null {
  let next: number | null = null;
  for (const game of games) {
    const at = Date.parse(game.Schedule);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
