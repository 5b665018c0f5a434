import { randomInt } from 'node:crypto';
import { GAME_TYPE, EZ2_RULES, MEGA_MILLIONS_RULES, isLottoGameType, type LottoResult, type LottoSchedule, type TodaysDraw } from '@suwerte/contracts';
import { DAY_MS, startOfManilaDay } from '@suwerte/time';
import { sql } from 'kysely';
import { transaction } from '../../db/money';
import type { Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { newId } from '../../lib/ids';

/** How far back the 'Lotto Results' dialog reaches. */
export const RESULTS_WINDOW_DAYS = 7;

/** Mega Millions balls: white 1–70, yellow (the Mega Ball) 1–25, as the US game draws them. */
export const MEGA_MILLIONS_BALLS = { whiteMax: 70, yellowMax: 25 } as const;

export type DrawSource = 'timetable' | 'demo';

/** A random integer in [min, max]; injectable so tests can pin the numbers. */
export type RandomInt = (min: number, maxInclusive: number) => number;
const cryptoRandom: RandomInt = (min, maxInclusive) => randomInt(min, maxInclusive + 1);

function distinct(count: number, max: number, random: RandomInt): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(random(1, max));
  return [...picked].sort((a, b) => a - b);
}

/**
 * The numbers of one draw: 6 distinct of 1…N for the 6/N lotto games, 2 numbers of 1–31 for
 * EZ 2 (two separate balls, so a number may repeat — that is a Straight/Rambolito game), and
 * 5 distinct white balls plus 1 yellow for Mega Millions (yellow last).
 */
export function drawNumbers(gameType: number, random: RandomInt = cryptoRandom): number[] {
  if (isLottoGameType(gameType)) return distinct(6, gameType, random);
  if (gameType === GAME_TYPE.EZ2) return Array.from({ length: EZ2_RULES.picks }, () => random(EZ2_RULES.min, EZ2_RULES.max));
  if (gameType === GAME_TYPE.MEGA_MILLIONS) {
    return [...distinct(MEGA_MILLIONS_RULES.whitePicks, MEGA_MILLIONS_BALLS.whiteMax, random), random(1, MEGA_MILLIONS_BALLS.yellowMax)];
  }
  throw new RangeError(`no lotto game with type ${gameType}`);
}

/** Adds a draw unless that game already has one at that time. Returns whether it was added. */
export async function insertDraw(q: Q, draw: { gameType: number; schedule: Date; source: DrawSource; now: Date }): Promise<boolean> {
  const { numAffectedRows } = await sql`
    INSERT INTO lotto_draws (id, game_type, schedule, source, created_at)
    VALUES (${newId()}, ${draw.gameType}, ${draw.schedule.toISOString()}, ${draw.source}, ${draw.now.toISOString()})
    ON CONFLICT (game_type, schedule) DO NOTHING`.execute(q);
  return (numAffectedRows ?? 0n) > 0n;
}

/**
 * Draws every draw whose time has come and that has no numbers yet. Runs whenever lotto data
 * is read, so a long-running server has results the moment a draw is due, with no timer.
 * Returns how many draws it made.
 */
export async function drawDueResults(store: Store, now: Date, random: RandomInt = cryptoRandom): Promise<number> {
  const findDue = async (q: Q) =>
    (await sql<{ id: string; game_type: number }>`SELECT id, game_type FROM lotto_draws WHERE result IS NULL AND schedule <= ${now.toISOString()} ORDER BY schedule`.execute(q)).rows;
  // Most reads find nothing due: they must not take the write lock that money movements need.
  if ((await findDue(store.db)).length === 0) return 0;
  return transaction(store, async (q) => {
    const due = await findDue(q);
    let drawn = 0;
    for (const draw of due) {
      // `result IS NULL` again: on PostgreSQL a second node drawing the same draw waits on the row, then finds it drawn.
      const { numAffectedRows } = await sql`
        UPDATE lotto_draws SET result = ${JSON.stringify(drawNumbers(draw.game_type, random))}, drawn_at = ${now.toISOString()}
        WHERE id = ${draw.id} AND result IS NULL`.execute(q);
      if ((numAffectedRows ?? 0n) > 0n) drawn += 1;
    }
    return drawn;
  });
}

/** When the earliest draw without numbers falls due (ms since the epoch), or null if every draw has its numbers. */
export async function nextDrawAt(q: Q): Promise<number | null> {
  const { rows } = await sql<{ next: string | null }>`SELECT MIN(schedule) AS next FROM lotto_draws WHERE result IS NULL`.execute(q);
  const next = rows[0]?.next;
  return next ? Date.parse(next) : null;
}

interface DrawRow {
  id: string;
  game_type: number;
  schedule: string;
  result: string | null;
}

function toResult(row: DrawRow): LottoResult {
  return {
    _id: row.id,
    GameType: row.game_type,
    Schedule: row.schedule,
    ResultId: row.result ? [{ result: JSON.parse(row.result) as number[] }] : [],
  };
}

function todayBounds(now: Date): { start: string; end: string } {
  const start = startOfManilaDay(now);
  return { start: start.toISOString(), end: new Date(start.getTime() + DAY_MS).toISOString() };
}

/**
 * GET /schedule/active/lotto: every draw of today (Philippine time) — finished ones too, so the
 * page can say 'Draw completed' — plus the next draw of each game that has none left today,
 * so every game can always be played. By draw time.
 */
export async function activeSchedules(q: Q, now: Date): Promise<LottoSchedule[]> {
  const { start, end } = todayBounds(now);
  const { rows: today } = await sql<DrawRow>`
    SELECT id, game_type, schedule, result FROM lotto_draws WHERE schedule >= ${start} AND schedule < ${end} ORDER BY schedule, game_type`.execute(q);
  const stillToday = new Set(today.filter((row) => row.schedule > now.toISOString()).map((row) => row.game_type));
  // Each game's first draw from tomorrow on (one per game: a game has one draw per time).
  const { rows: later } = await sql<DrawRow>`
    SELECT d.id, d.game_type, d.schedule, d.result FROM lotto_draws d
    WHERE d.schedule = (SELECT MIN(n.schedule) FROM lotto_draws n WHERE n.game_type = d.game_type AND n.schedule >= ${end})`.execute(q);
  const next = later.filter((row) => !stillToday.has(row.game_type));
  return [...today, ...next]
    .sort((a, b) => a.schedule.localeCompare(b.schedule) || a.game_type - b.game_type)
    .map((row) => ({ _id: row.id, GameType: row.game_type, Schedule: row.schedule }));
}

/** GET /result/lotto: drawn results of the last 7 days, newest draw first. */
export async function recentResults(q: Q, now: Date): Promise<LottoResult[]> {
  const since = new Date(now.getTime() - RESULTS_WINDOW_DAYS * DAY_MS).toISOString();
  const { rows } = await sql<DrawRow>`
    SELECT id, game_type, schedule, result FROM lotto_draws
    WHERE result IS NOT NULL AND schedule >= ${since} AND schedule <= ${now.toISOString()} ORDER BY schedule DESC, game_type`.execute(q);
  return rows.map(toResult);
}

/** GET /game/pick3/todaysdraw: today's draws (Philippine time), with their numbers once drawn. */
export async function todaysDraws(q: Q, now: Date): Promise<TodaysDraw[]> {
  const { start, end } = todayBounds(now);
  const { rows } = await sql<DrawRow>`
    SELECT id, game_type, schedule, result FROM lotto_draws WHERE schedule >= ${start} AND schedule < ${end} ORDER BY schedule, game_type`.execute(q);
  return rows.map(toResult);
}
