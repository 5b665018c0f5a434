// @vitest-environment node
import { countdownTo, describeCountdown, drawDateLabel, formatClockTime, formatDrawDate, formatDrawTime, formatLongDate } from './lotto-time';

// Manila is UTC+8 all year: 9:00 PM on Friday 12 June 2026 in Manila is 13:00Z.
const FRIDAY_9PM = '2026-06-12T13:00:00.000Z';

describe('drawDateLabel', () => {
  it("says 'Today, date hour' for a draw on today's Philippine date", () => {
    expect(drawDateLabel(FRIDAY_9PM, '2026-06-12T02:00:00Z')).toBe('Today, June 12, 9:00 PM');
    // Still today after the draw.
    expect(drawDateLabel(FRIDAY_9PM, '2026-06-12T15:59:59Z')).toBe('Today, June 12, 9:00 PM');
  });

  it('gives the weekday and date for any other day', () => {
    expect(drawDateLabel('2026-06-13T06:00:00Z', '2026-06-12T02:00:00Z')).toBe('Saturday, June 13, 2:00 PM');
    expect(drawDateLabel('2026-06-11T09:00:00Z', '2026-06-12T02:00:00Z')).toBe('Thursday, June 11, 5:00 PM');
  });

  it('turns the day at midnight in Manila (16:00 UTC), not at the UTC or the local midnight', () => {
    // 11:30 PM Friday in Manila is 15:30Z Friday; 12:30 AM Saturday in Manila is still Friday in UTC.
    expect(drawDateLabel('2026-06-12T15:30:00Z', '2026-06-12T15:00:00Z')).toBe('Today, June 12, 11:30 PM');
    expect(drawDateLabel('2026-06-12T15:30:00Z', '2026-06-12T16:30:00Z')).toBe('Friday, June 12, 11:30 PM');
    expect(drawDateLabel('2026-06-12T16:30:00Z', '2026-06-12T16:00:00Z')).toBe('Today, June 13, 12:30 AM');
    expect(drawDateLabel('2026-06-12T16:00:00Z', '2026-06-12T15:59:59Z')).toBe('Saturday, June 13, 12:00 AM');
  });

  it('crosses month and year ends', () => {
    expect(drawDateLabel('2026-12-31T16:00:00Z', '2026-12-31T15:00:00Z')).toBe('Friday, January 1, 12:00 AM');
    expect(drawDateLabel('2026-06-30T13:00:00Z', '2026-06-30T14:00:00Z')).toBe('Today, June 30, 9:00 PM');
  });

  it('reads the same whatever the machine’s time zone', () => {
    try {
      for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Manila', 'Pacific/Kiritimati']) {
        // Node applies a new TZ at once.
        vi.stubEnv('TZ', zone);
        expect(drawDateLabel(FRIDAY_9PM, '2026-06-12T02:00:00Z')).toBe('Today, June 12, 9:00 PM');
        expect(drawDateLabel('2026-06-12T15:30:00Z', '2026-06-12T16:30:00Z')).toBe('Friday, June 12, 11:30 PM');
        expect(formatClockTime('2026-06-12T07:04:05Z')).toBe('3:04:05 PM');
      }
      // The zone really changed under the test (Los Angeles is behind UTC in June).
      vi.stubEnv('TZ', 'America/Los_Angeles');
      expect(new Date('2026-06-12T00:00:00Z').getTimezoneOffset()).toBe(420);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('countdownTo', () => {
  it('counts days, hours, minutes and seconds to the draw', () => {
    expect(countdownTo(FRIDAY_9PM, '2026-06-10T09:55:55Z')).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownTo(FRIDAY_9PM, '2026-06-12T12:59:00Z')).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('counts across midnight without a jump', () => {
    // 11:59:59 PM Thursday in Manila to 9:00 PM Friday.
    expect(countdownTo(FRIDAY_9PM, '2026-06-11T15:59:59Z')).toEqual({ days: 0, hours: 21, minutes: 0, seconds: 1 });
    expect(countdownTo(FRIDAY_9PM, '2026-06-11T16:00:00Z')).toEqual({ days: 0, hours: 21, minutes: 0, seconds: 0 });
    expect(countdownTo('2026-06-13T16:00:00Z', '2026-06-12T16:00:00Z')).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows the last second until the draw, then nothing: the draw is completed', () => {
    expect(countdownTo(FRIDAY_9PM, Date.parse(FRIDAY_9PM) - 400)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownTo(FRIDAY_9PM, FRIDAY_9PM)).toBeNull();
    expect(countdownTo(FRIDAY_9PM, Date.parse(FRIDAY_9PM) + 1)).toBeNull();
    expect(countdownTo(FRIDAY_9PM, '2026-06-13T02:00:00Z')).toBeNull();
  });

  it('reads as one phrase for screen readers', () => {
    expect(describeCountdown({ days: 1, hours: 2, minutes: 0, seconds: 59 })).toBe('Draw in 1 day, 2 hours, 0 minutes, 59 seconds');
  });
});

describe('clock and result formats', () => {
  it('formats Philippine times of day, noon and midnight included', () => {
    expect(formatDrawTime('2026-06-12T06:00:00Z')).toBe('2:00 PM');
    expect(formatDrawTime('2026-06-12T04:00:00Z')).toBe('12:00 PM');
    expect(formatDrawTime('2026-06-12T16:05:00Z')).toBe('12:05 AM');
    expect(formatClockTime('2026-06-12T15:59:59Z')).toBe('11:59:59 PM');
    expect(formatLongDate('2026-06-12T16:00:00Z')).toBe('Saturday, June 13, 2026');
    expect(formatDrawDate('2026-06-12T16:00:00Z')).toBe('06/13/2026');
  });
});
