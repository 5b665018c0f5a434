import { formatMonthDay, formatTime, formatWeekday, manilaClock, manilaDay, type Instant } from '@suwerte/time';

// The sports pages' date texts, in Philippine time (@suwerte/time: never the browser's time zone),
// so a player abroad sees the tip-off the way the schedule and the player API mean it.

/** A game card's tip-off: 'Sat, Jun 13, 2026 · 9:00 PM'. */
export function formatTipOff(instant: Instant): string {
  return `${formatWeekday(instant, { short: true })}, ${formatMonthDay(instant, { short: true })}, ${manilaDay(instant).year} · ${formatTime(instant)}`;
}

/** A tip-off in a line: 'Jun 13 · 9:00 PM'. */
export function formatShortTipOff(instant: Instant): string {
  return `${formatMonthDay(instant, { short: true })} · ${formatTime(instant)}`;
}

/** A bet set's date, month/day/year and the time with am/pm (document 2, section 2): '6/13/2026 9:05 pm'. */
export function formatBetSetDate(instant: Instant): string {
  const { year, month, day } = manilaDay(instant);
  const { hour12, minute, period } = manilaClock(instant);
  return `${month}/${day}/${year} ${hour12}:${String(minute).padStart(2, '0')} ${period.toLowerCase()}`;
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
