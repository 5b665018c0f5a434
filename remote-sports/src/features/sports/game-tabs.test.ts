// @vitest-environment node
import { GAME_STATUS } from '@suwerte/contracts/sports';
import { gamesForTab, isLive, isToday, nextTabChange } from './game-tabs';

const game = (id: string, schedule: string, status: number = GAME_STATUS.SCHEDULED) => ({ id, Schedule: schedule, Status: status });
const ids = (games: { id: string }[]) => games.map((g) => g.id);

describe('Sports tabs', () => {
  // 23:30 on 13 June in Manila (15:30 UTC): midnight in Manila is 30 minutes away, while the
  // UTC day (and a browser abroad) still has hours to go.
  const lateEvening = Date.parse('2026-06-13T15:30:00.000Z');
  const schedule = [
    game('tomorrow-0:15', '2026-06-13T16:15:00.000Z'),
    game('yesterday-23:00', '2026-06-12T15:00:00.000Z', GAME_STATUS.Q4),
    game('today-00:00', '2026-06-12T16:00:00.000Z', GAME_STATUS.COMPLETED),
    game('today-21:00', '2026-06-13T13:00:00.000Z', GAME_STATUS.OT1),
    game('today-23:45', '2026-06-13T15:45:00.000Z'),
  ];
  const finished = [game('done-2', '2026-06-12T10:00:00.000Z', GAME_STATUS.COMPLETED), game('done-1', '2026-06-11T10:00:00.000Z', GAME_STATUS.COMPLETED)];

  it('All Games: every game of the schedule, live ones first, then upcoming, finished last', () => {
    expect(ids(gamesForTab('all', schedule, finished, lateEvening))).toEqual(['yesterday-23:00', 'today-21:00', 'today-23:45', 'tomorrow-0:15', 'today-00:00']);
    // Several finished games: the latest first.
    const twoDone = [...schedule, game('today-01:00', '2026-06-12T17:00:00.000Z', GAME_STATUS.COMPLETED)];
    expect(ids(gamesForTab('all', twoDone, finished, lateEvening)).slice(-2)).toEqual(['today-01:00', 'today-00:00']);
  });

  it('Live: tip-off passed and not completed', () => {
    expect(ids(gamesForTab('live', schedule, finished, lateEvening))).toEqual(['yesterday-23:00', 'today-21:00']);
    expect(isLive(game('x', '2026-06-13T15:30:00.000Z'), lateEvening)).toBe(true);
    expect(isLive(game('x', '2026-06-13T15:30:00.001Z'), lateEvening)).toBe(false);
  });

  it('Today: from midnight to midnight in Manila, whatever the browser', () => {
    expect(ids(gamesForTab('today', schedule, finished, lateEvening))).toEqual(['today-00:00', 'today-21:00', 'today-23:45']);
    // A minute past Manila midnight the day has turned: only the 00:15 game is today.
    const pastMidnight = Date.parse('2026-06-13T16:01:00.000Z');
    expect(ids(gamesForTab('today', schedule, finished, pastMidnight))).toEqual(['tomorrow-0:15']);
    expect(isToday(game('x', '2026-06-13T16:00:00.000Z'), pastMidnight)).toBe(true);
    expect(isToday(game('x', '2026-06-13T15:59:59.999Z'), pastMidnight)).toBe(false);
  });

  it('Completed: the finished games as the server sends them', () => {
    expect(ids(gamesForTab('completed', schedule, finished, lateEvening))).toEqual(['done-2', 'done-1']);
  });

  it('the next change: the first tip-off still ahead, or midnight in Manila when none comes before it', () => {
    // 23:30 in Manila on 13 June: the 23:45 game tips off first.
    expect(new Date(nextTabChange(schedule, lateEvening)).toISOString()).toBe('2026-06-13T15:45:00.000Z');
    // Once it has, nothing before midnight: the Today tab changes then.
    expect(new Date(nextTabChange(schedule, Date.parse('2026-06-13T15:45:00.000Z'))).toISOString()).toBe('2026-06-13T16:00:00.000Z');
    expect(new Date(nextTabChange([], lateEvening)).toISOString()).toBe('2026-06-13T16:00:00.000Z');
  });
});
