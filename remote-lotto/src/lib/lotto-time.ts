import { manilaDay, manilaDayKey, startOfManilaDay } from '@suwerte/shared';

// Every date and time on the lotto pages is Philippine time (Asia/Manila), worked out from the
// instant itself — never from the browser's time zone — so a player abroad sees the same
// "Today, 9:00 PM" as the player API and a player in Manila. Texts are built by hand rather
// than with Intl so they read the same in every browser (no narrow no-break spaces before PM).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Instant = Date | number | string;
const ms = (instant: Instant): number => new Date(instant).getTime();
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Hours, minutes and seconds of the Philippine time of day. */
function manilaTimeOfDay(instant: Instant): { hour: number; minute: number; second: number } {
  const seconds = Math.floor((ms(instant) - startOfManilaDay(ms(instant)).getTime()) / 1000);
  return { hour: Math.floor(seconds / 3600), minute: Math.floor(seconds / 60) % 60, second: seconds % 60 };
}

function twelveHour(hour: number): { hour: number; period: 'AM' | 'PM' } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, period: hour < 12 ? 'AM' : 'PM' };
}

/** '9:00 PM' */
export function formatDrawTime(instant: Instant): string {
  const { hour, minute } = manilaTimeOfDay(instant);
  const twelve = twelveHour(hour);
  return `${twelve.hour}:${pad2(minute)} ${twelve.period}`;
}

/** 'June 12' */
function monthDay(instant: Instant): string {
  const { month, day } = manilaDay(ms(instant));
  return `${MONTHS[month - 1] ?? ''} ${day}`;
}

/**
 * The date line of a schedule card: 'Today, June 12, 9:00 PM' for a draw on today's Philippine
 * date, otherwise its weekday and date, 'Saturday, June 13, 9:00 PM'.
 */
export function drawDateLabel(schedule: Instant, now: Instant): string {
  const when = `${monthDay(schedule)}, ${formatDrawTime(schedule)}`;
  if (manilaDayKey(ms(schedule)) === manilaDayKey(ms(now))) return `Today, ${when}`;
  return `${WEEKDAYS[manilaDay(ms(schedule)).weekday] ?? ''}, ${when}`;
}

/** 'Friday, June 12, 2026' */
export function formatLongDate(instant: Instant): string {
  const { year, weekday } = manilaDay(ms(instant));
  return `${WEEKDAYS[weekday] ?? ''}, ${monthDay(instant)}, ${year}`;
}

/** The live clock: '3:04:05 PM'. */
export function formatClockTime(instant: Instant): string {
  const { hour, minute, second } = manilaTimeOfDay(instant);
  const twelve = twelveHour(hour);
  return `${twelve.hour}:${pad2(minute)}:${pad2(second)} ${twelve.period}`;
}

/** '06/12/2026' — month/day/year, as dates read elsewhere on the site. */
export function formatDrawDate(instant: Instant): string {
  const { year, month, day } = manilaDay(ms(instant));
  return `${pad2(month)}/${pad2(day)}/${year}`;
}

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
