import { formatDate, formatLongDate, formatMonthDay, formatTime, formatWeekday, manilaDayKey, type Instant } from '@suwerte/time';

// The lotto pages' date texts, in Philippine time (@suwerte/time: never the browser's time zone),
// so a player abroad sees the same "Today, 9:00 PM" as the player API and a player in Manila.

const ms = (instant: Instant): number => new Date(instant).getTime();

/** '9:00 PM' */
export const formatDrawTime = (instant: Instant): string => formatTime(instant);

/**
 * The date line of a schedule card: 'Today, June 12, 9:00 PM' for a draw on today's Philippine
 * date, otherwise its weekday and date, 'Saturday, June 13, 9:00 PM'.
 */
export function drawDateLabel(schedule: Instant, now: Instant): string {
  const when = `${formatMonthDay(schedule)}, ${formatTime(schedule)}`;
  return `${manilaDayKey(schedule) === manilaDayKey(now) ? 'Today' : formatWeekday(schedule)}, ${when}`;
}

/** 'Friday, June 12, 2026' */
export { formatLongDate };

/** The live clock: '3:04:05 PM'. */
export const formatClockTime = (instant: Instant): string => formatTime(instant, { seconds: true });

/** '06/12/2026' — month/day/year, as dates read elsewhere on the site. */
export const formatDrawDate = (instant: Instant): string => formatDate(instant);

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Time left until a draw, or null once the draw time has come ('Draw completed'). Seconds are
 * rounded up, so the countdown shows 1 second until the very moment of the draw.
 */
export function countdownTo(schedule: Instant, now: Instant): Countdown | null {
  const left = ms(schedule) - ms(now);
  if (!(left > 0)) return null;
  const total = Math.ceil(left / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

/** 'Draw in 1 day, 3 hours, 4 minutes, 5 seconds' — the countdown read as one phrase. */
export function describeCountdown({ days, hours, minutes, seconds }: Countdown): string {
  return `Draw in ${unit(days, 'day')}, ${unit(hours, 'hour')}, ${unit(minutes, 'minute')}, ${unit(seconds, 'second')}`;
}
