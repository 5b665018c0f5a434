import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storePerTest, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { seedLottoCalendar } from './calendar';
import { activeSchedules, drawDueResults, insertDraw, recentResults, todaysDraws } from './draws';
import { lottoFeature } from './feature';

// 2026-06-10 is a Wednesday; 10:00 in Manila is 02:00Z.
const WEDNESDAY_10AM = new Date('2026-06-10T02:00:00Z');

/** The lotto queries and rules on whichever engine the suite runs on (PostgreSQL with TEST_DATABASE_URL). */
describe(`lotto draws on the store (${TEST_ENGINE})`, () => {
  let t: TestStore;
  storePerTest([lottoFeature], (opened) => {
    t = opened;
  });

  it('adds a draw once per game and time', async () => {
    const draw = { gameType: 42, schedule: WEDNESDAY_10AM, source: 'demo' as const, now: WEDNESDAY_10AM };
    expect(await insertDraw(t.store.db, draw)).toBe(true);
    expect(await insertDraw(t.store.db, draw)).toBe(false);
  });

  it('seeds the calendar, lists the next draw of each game, draws once, and keeps numbers final', async () => {
    await seedLottoCalendar(t.store, { demo: true, now: WEDNESDAY_10AM });
    const schedules = await activeSchedules(t.store.db, WEDNESDAY_10AM);
    // 6/49 has no draw on Wednesday: its next is Thursday 9PM; 6/42 has today's finished demo draw and Thursday's.
    expect(schedules.filter((item) => item.GameType === 49).map((item) => item.Schedule)).toEqual(['2026-06-11T13:00:00.000Z']);
    expect(schedules.filter((item) => item.GameType === 42).map((item) => item.Schedule)).toEqual(['2026-06-10T01:00:00.000Z', '2026-06-11T13:00:00.000Z']);
    expect((await todaysDraws(t.store.db, WEDNESDAY_10AM)).some((draw) => draw.ResultId.length > 0)).toBe(true);

    const twoPm = new Date('2026-06-10T06:00:01Z');
    const drawn = await Promise.all([drawDueResults(t.store, twoPm), drawDueResults(t.store, twoPm)]);
    // Due by 2PM: Mega Millions (11AM) and EZ 2 (2PM), each drawn by one of the two callers only.
    expect(drawn.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await drawDueResults(t.store, twoPm)).toBe(0);
    expect((await recentResults(t.store.db, twoPm)).filter((result) => result.Schedule === '2026-06-10T06:00:00.000Z')).toHaveLength(1);
    await expect(sql`UPDATE lotto_draws SET result = '[1,2]' WHERE result IS NOT NULL`.execute(t.store.db)).rejects.toThrow(/already has a result/);
  });
});
