import { EZ2_RULES, GAME_TYPE, LOTTO_GAME_TYPES, type LottoDrawGameType } from '@suwerte/contracts';
import { DAY_MS, addManilaDays, manilaDayKey, manilaTime, startOfManilaDay } from '@suwerte/time';
import { sql } from 'kysely';
import { transaction } from '../../db/money';
import type { Store } from '../../db/store';
import { drawDueResults, insertDraw, nextDrawAt, type RandomInt } from './draws';

const MINUTE_MS = 60_000;

/** One line of the weekly draw timetable, in Philippine time. */
export interface TimetableEntry {
  gameType: LottoDrawGameType;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  hour: number;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The weekly timetable: EZ 2 every day at 2PM, 5PM and 9PM (spec); the 6/N games at 9PM on
 * the days PCSO draws them; Mega Millions on Wednesday and Saturday at 11AM (the US Tuesday
 * and Friday night draws, in Manila).
 */
export const LOTTO_TIMETABLE: readonly TimetableEntry[] = [
  ...EZ2_RULES.drawHours.map((hour) => ({ gameType: GAME_TYPE.EZ2, weekdays: EVERY_DAY, hour })),
  { gameType: 42, weekdays: [2, 4, 6], hour: 21 },
  { gameType: 45, weekdays: [1, 3, 5], hour: 21 },
  { gameType: 49, weekdays: [0, 2, 4], hour: 21 },
  { gameType: 55, weekdays: [1, 3, 6], hour: 21 },
  { gameType: 58, weekdays: [0, 2, 5], hour: 21 },
  { gameType: GAME_TYPE.MEGA_MILLIONS, weekdays: [3, 6], hour: 11 },
];

/** Days of timetable kept around today: past days give the results dialog something to show. */
export const CALENDAR_DAYS_BACK = 2;
export const CALENDAR_DAYS_AHEAD = 7;

/** Adds the timetable's draws from CALENDAR_DAYS_BACK days ago to CALENDAR_DAYS_AHEAD days ahead. */
export async function extendTimetable(store: Store, now: Date): Promise<void> {
  await transaction(store, async (q) => {
    for (let offset = -CALENDAR_DAYS_BACK; offset <= CALENDAR_DAYS_AHEAD; offset += 1) {
      const day = addManilaDays(now, offset);
      for (const entry of LOTTO_TIMETABLE) {
        if (entry.weekdays.includes(day.weekday)) {
          await insertDraw(q, { gameType: entry.gameType, schedule: manilaTime(day, entry.hour), source: 'timetable', now });
        }
      }
    }
  });
}

const floorToMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/**
 * Demo data relative to the clock: makes sure today (Philippine time) has at least one finished
 * draw and one still to come, whatever the hour — early in the morning the timetable has
 * nothing finished yet, after 9PM nothing to come. A finished demo draw is set an hour back
 * (not before midnight), a coming one an hour ahead (not after 11:59PM). Running it again
 * adds nothing while both already exist.
 */
export async function addDemoDrawsForToday(store: Store, now: Date): Promise<void> {
  await transaction(store, async (q) => {
    const start = startOfManilaDay(now).getTime();
    const end = start + DAY_MS;
    const { rows: today } = await sql<{ game_type: number; schedule: string }>`
      SELECT game_type, schedule FROM lotto_draws WHERE schedule >= ${new Date(start).toISOString()} AND schedule < ${new Date(end).toISOString()}`.execute(q);
    const nowIso = now.toISOString();
    // Prefer lotto games with no draw today, so the demo shows more of them.
    const spare = LOTTO_GAME_TYPES.filter((type) => !today.some((row) => row.game_type === type));
    const [first = 42, second = first === 42 ? 45 : 42] = spare;

    if (!today.some((row) => row.schedule <= nowIso)) {
      const at = Math.max(start, floorToMinute(now.getTime() - 60 * MINUTE_MS));
      await insertDraw(q, { gameType: first, schedule: new Date(at), source: 'demo', now });
    }
    if (!today.some((row) => row.schedule > nowIso)) {
      const at = floorToMinute(Math.min(now.getTime() + 60 * MINUTE_MS, end - MINUTE_MS));
      if (at > now.getTime()) await insertDraw(q, { gameType: second, schedule: new Date(at), source: 'demo', now });
    }
  });
}

/**
 * Seeds the lotto calendar at every start (idempotent): the timetable around today, the demo
 * draws of today, and the numbers of every draw already due. Only with demo data: without it
 * the API starts with no draws.
 */
export async function seedLottoCalendar(store: Store, { demo, now }: { demo: boolean; now: Date }, random?: RandomInt): Promise<void> {
  if (!demo) return;
  await extendTimetable(store, now);
  await addDemoDrawsForToday(store, now);
  await drawDueResults(store, now, random);
}

const extendedOn = new WeakMap<Store, string>();

/**
 * Called before lotto data is read: a server that keeps running past midnight extends its
 * timetable once per Philippine day (when it runs one at all), and every due draw is drawn.
 */
export async function keepCalendarCurrent(store: Store, now: Date, random?: RandomInt): Promise<void> {
  const day = manilaDayKey(now);
  if (extendedOn.get(store) !== day) {
    const running = (await sql`SELECT 1 AS n FROM lotto_draws WHERE source = 'timetable' LIMIT 1`.execute(store.db)).rows.length > 0;
    if (running) await extendTimetable(store, now);
    extendedOn.set(store, day);
  }
  await drawDueResults(store, now, random);
}

/**
 * When `keepCalendarCurrent` next has something to do after a call at `now`: the next draw
 * without numbers falls due, or the next Philippine day begins (the timetable may grow).
 */
export async function nextCalendarStep(store: Store, now: Date): Promise<number> {
  const tomorrow = manilaTime(addManilaDays(now, 1), 0).getTime();
  const draw = await nextDrawAt(store.db);
  return draw === null ? tomorrow : Math.min(draw, tomorrow);
}
