import {
  addManilaDays,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonthDay,
  formatMonthDayYear,
  formatTime,
  formatWeekday,
  manilaClock,
  manilaDay,
  manilaDayKey,
  manilaTime,
  startOfManilaDay,
} from './time';

// Manila is UTC+8 all year: 9:05 PM on Friday 12 June 2026 in Manila is 13:05Z.
const FRIDAY_9_05_PM = '2026-06-12T13:05:00.000Z';

describe('Philippine days', () => {
  it('finds the Manila calendar day of an instant (UTC+8, no DST)', () => {
    expect(manilaDay(new Date('2026-06-12T15:59:59Z'))).toEqual({ year: 2026, month: 6, day: 12, weekday: 5 });
    expect(manilaDay(new Date('2026-06-12T16:00:00Z'))).toEqual({ year: 2026, month: 6, day: 13, weekday: 6 });
    expect(manilaDay('2026-06-12T16:00:00Z')).toEqual({ year: 2026, month: 6, day: 13, weekday: 6 });
    expect(manilaDayKey(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('turns a Manila day and hour into the instant', () => {
    expect(manilaTime({ year: 2026, month: 6, day: 12 }, 14).toISOString()).toBe('2026-06-12T06:00:00.000Z');
    expect(manilaTime({ year: 2026, month: 1, day: 1 }, 0).toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(startOfManilaDay(new Date('2026-06-12T03:00:00Z')).toISOString()).toBe('2026-06-11T16:00:00.000Z');
    expect(addManilaDays(new Date('2026-06-30T15:00:00Z'), 1)).toEqual({ year: 2026, month: 7, day: 1, weekday: 3 });
    expect(addManilaDays(new Date('2026-03-01T00:00:00Z'), -1)).toEqual({ year: 2026, month: 2, day: 28, weekday: 6 });
  });

  it('reads the time of day on both clocks', () => {
    expect(manilaClock('2026-06-12T07:04:05Z')).toEqual({ hour: 15, minute: 4, second: 5, hour12: 3, period: 'PM' });
    expect(manilaClock('2026-06-11T16:00:00Z')).toEqual({ hour: 0, minute: 0, second: 0, hour12: 12, period: 'AM' });
    expect(manilaClock('2026-06-12T04:30:00Z')).toEqual({ hour: 12, minute: 30, second: 0, hour12: 12, period: 'PM' });
  });
});

describe('the site’s date and time texts', () => {
  it('writes times, dates and their combinations', () => {
    expect(formatTime(FRIDAY_9_05_PM)).toBe('9:05 PM');
    expect(formatTime('2026-06-12T07:04:05Z', { seconds: true })).toBe('3:04:05 PM');
    expect(formatDate(FRIDAY_9_05_PM)).toBe('06/12/2026');
    expect(formatDateTime(FRIDAY_9_05_PM)).toBe('06/12/2026, 9:05 PM');
    expect(formatMonthDay(FRIDAY_9_05_PM)).toBe('June 12');
    expect(formatMonthDay(FRIDAY_9_05_PM, { short: true })).toBe('Jun 12');
    expect(formatWeekday(FRIDAY_9_05_PM)).toBe('Friday');
    expect(formatWeekday(FRIDAY_9_05_PM, { short: true })).toBe('Fri');
    expect(formatMonthDayYear(FRIDAY_9_05_PM)).toBe('June 12, 2026');
    expect(formatLongDate(FRIDAY_9_05_PM)).toBe('Friday, June 12, 2026');
  });

  it('turns the date at midnight in Manila (16:00 UTC), across months and years', () => {
    expect(formatDateTime('2026-12-31T15:59:00Z')).toBe('12/31/2026, 11:59 PM');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('01/01/2027, 12:00 AM');
    expect(formatLongDate('2026-06-30T16:30:00Z')).toBe('Wednesday, July 1, 2026');
  });

  it('reads the same whatever the machine’s time zone', () => {
    try {
      for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Manila', 'Pacific/Kiritimati', 'Europe/London']) {
        // Node applies a new TZ at once.
        vi.stubEnv('TZ', zone);
        expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('01/01/2027, 12:00 AM');
        expect(formatLongDate(FRIDAY_9_05_PM)).toBe('Friday, June 12, 2026');
        expect(formatTime('2026-06-12T07:04:05Z', { seconds: true })).toBe('3:04:05 PM');
      }
      // The zone really changed under the test (Los Angeles is behind UTC in June).
      vi.stubEnv('TZ', 'America/Los_Angeles');
      expect(new Date('2026-06-12T00:00:00Z').getTimezoneOffset()).toBe(420);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
