// @vitest-environment node
import { formatBetSetDate, formatShortTipOff, formatTipOff, nextTipOff } from './sports-time';

describe('sports dates, in Philippine time whatever the browser', () => {
  it('reads a tip-off as weekday, date and time', () => {
    expect(formatTipOff('2026-06-13T13:00:00.000Z')).toBe('Sat, Jun 13, 2026 · 9:00 PM');
    // 16:30 UTC is already the next day in Manila.
    expect(formatTipOff('2026-06-13T16:30:00.000Z')).toBe('Sun, Jun 14, 2026 · 12:30 AM');
    expect(formatTipOff('2026-01-01T04:05:00.000Z')).toBe('Thu, Jan 1, 2026 · 12:05 PM');
    expect(formatShortTipOff('2026-06-13T16:30:00.000Z')).toBe('Jun 14 · 12:30 AM');
  });

  it("reads a bet set's date as M/D/YYYY h:mm am/pm", () => {
    expect(formatBetSetDate('2026-06-13T13:05:00.000Z')).toBe('6/13/2026 9:05 pm');
    expect(formatBetSetDate('2026-12-31T16:00:00.000Z')).toBe('1/1/2027 12:00 am');
    expect(formatBetSetDate('2026-03-02T01:59:00.000Z')).toBe('3/2/2026 9:59 am');
  });
});

describe('nextTipOff', () => {
  const games = [{ Schedule: '2026-06-13T13:00:00.000Z' }, { Schedule: '2026-06-13T15:45:00.000Z' }, { Schedule: '2026-06-13T14:00:00.000Z' }];

  it('is the first tip-off still ahead, whatever the order of the games', () => {
    expect(nextTipOff(games, Date.parse('2026-06-13T12:00:00.000Z'))).toBe(Date.parse('2026-06-13T13:00:00.000Z'));
    expect(nextTipOff(games, Date.parse('2026-06-13T13:00:00.000Z'))).toBe(Date.parse('2026-06-13T14:00:00.000Z'));
  });

  it('is null once every game has started', () => {
    expect(nextTipOff(games, Date.parse('2026-06-13T15:45:00.000Z'))).toBeNull();
    expect(nextTipOff([], 0)).toBeNull();
  });
});
