// Philippine time (Asia/Manila: UTC+8 all year, no daylight saving) — the one module for time on
// the site and in the player API. Every day, clock and date a player reads is worked out from the
// instant itself, never from the machine's time zone: a player abroad sees the same "Today, 9:00
// PM" as a player in Manila and as the player API means it. Texts are built by hand, not with
// Intl, so they read the same in every browser and in Node (no narrow no-break space before PM).

/** An instant: a Date, milliseconds since the epoch, or an ISO timestamp. */
export type Instant = Date | number | string;

export const PHILIPPINE_TIME_ZONE = 'Asia/Manila';
const MANILA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ms = (instant: Instant): number => new Date(instant).getTime();
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A calendar day in the Philippines. `month` is 1–12; `weekday` 0 = Sunday … 6 = Saturday. */
export interface ManilaDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** The Philippine calendar day an instant falls on (never the machine's local day). */
export function manilaDay(instant: Instant): ManilaDay {
  // Shifting by the fixed offset and reading UTC fields is exact: Manila has no DST.
  const shifted = new Date(ms(instant) + MANILA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}

/** 'YYYY-MM-DD' of the Philippine day: equal keys = same day in Manila. */
export function manilaDayKey(instant: Instant): string {
  const { year, month, day } = manilaDay(instant);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The instant of `hour:minute` Philippine time on a Philippine calendar day. */
export function manilaTime(day: Pick<ManilaDay, 'year' | 'month' | 'day'>, hour: number, minute = 0): Date {
  return new Date(Date.UTC(day.year, day.month - 1, day.day, hour, minute) - MANILA_OFFSET_MS);
}

/** Midnight (00:00 Philippine time) that starts the day of `instant`. */
export function startOfManilaDay(instant: Instant): Date {
  return manilaTime(manilaDay(instant), 0);
}

/** The Philippine day `days` after (or before, if negative) the day of `instant`. */
export function addManilaDays(instant: Instant, days: number): ManilaDay {
  return manilaDay(startOfManilaDay(instant).getTime() + days * DAY_MS);
}

/** The Philippine time of day of an instant, on the 24-hour and the 12-hour clock. */
export interface ManilaClock {
  hour: number;
  minute: number;
  second: number;
  /** 12, 1 … 11 */
  hour12: number;
  period: 'AM' | 'PM';
}

export function manilaClock(instant: Instant): ManilaClock {
  const seconds = Math.floor((ms(instant) - startOfManilaDay(instant).getTime()) / 1000);
  const hour = Math.floor(seconds / 3600);
  return { hour, minute: Math.floor(seconds / 60) % 60, second: seconds % 60, hour12: hour % 12 === 0 ? 12 : hour % 12, period: hour < 12 ? 'AM' : 'PM' };
}

// ── The site's date and time texts ─────────────────────────────────────────────────────────

/** '9:00 PM'; with seconds, the live clock's '3:04:05 PM'. */
export function formatTime(instant: Instant, { seconds = false }: { seconds?: boolean } = {}): string {
  const { hour12, minute, second, period } = manilaClock(instant);
  return `${hour12}:${pad2(minute)}${seconds ? `:${pad2(second)}` : ''} ${period}`;
}

/** '06/12/2026': month/day/year, as dates read across the site. */
export function formatDate(instant: Instant): string {
  const { year, month, day } = manilaDay(instant);
  return `${pad2(month)}/${pad2(day)}/${year}`;
}

/** '06/12/2026, 9:05 PM': month/day/year and the time with AM/PM — the date of a bet or a transaction in the histories. */
export function formatDateTime(instant: Instant): string {
  return `${formatDate(instant)}, ${formatTime(instant)}`;
}

/** 'June 12', or 'Jun 12' when `short`. */
export function formatMonthDay(instant: Instant, { short = false }: { short?: boolean } = {}): string {
  const { month, day } = manilaDay(instant);
  const name = MONTH_NAMES[month - 1] ?? '';
  return `${short ? name.slice(0, 3) : name} ${day}`;
}

/** 'Friday', or 'Fri' when `short`. */
export function formatWeekday(instant: Instant, { short = false }: { short?: boolean } = {}): string {
  const name = WEEKDAY_NAMES[manilaDay(instant).weekday] ?? '';
  return short ? name.slice(0, 3) : name;
}

/** 'June 12, 2026' */
export function formatMonthDayYear(instant: Instant): string {
  return `${formatMonthDay(instant)}, ${manilaDay(instant).year}`;
}

/** 'Friday, June 12, 2026' */
export function formatLongDate(instant: Instant): string {
  return `${formatWeekday(instant)}, ${formatMonthDayYear(instant)}`;
}
