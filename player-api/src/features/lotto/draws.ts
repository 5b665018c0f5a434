import { randomInt } from 'node:crypto';
import {
  GAME_TYPE,
  EZ2_RULES,
  MEGA_MILLIONS_RULES,
  isLottoGameType,
  startOfManilaDay,
  type LottoResult,
  type LottoSchedule,
  type TodaysDraw,
} from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { newId } from '../../lib/ids';

const DAY_MS = 86_400_000;
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
export function insertDraw(db: DB, draw: { gameType: number; schedule: Date; source: DrawSource; now: Date }): boolean {
  const { changes } = db
    .prepare(
      `INSERT INTO lotto_draws (id, game_type, schedule, source, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (game_type, schedule) DO NOTHING`,
    )
    .run(newId(), draw.gameType, draw.schedule.toISOString(), draw.source, draw.now.toISOString());
  return changes > 0;
}

/**
 * Draws every draw whose time has come and that has no numbers yet. Runs whenever lotto data
 * is read, so a long-running server has results the moment a draw is due, with no timer.
 * Returns how many draws it made.
 */
export function drawDueResults(db: DB, now: Date, random: RandomInt = cryptoRandom): number {
  const findDue = () =>
    db
      .prepare<[string], { id: string; game_type: number }>(
        'SELECT id, game_type FROM lotto_draws WHERE result IS NULL AND schedule <= ? ORDER BY schedule',
      )
      .all(now.toISOString());
  // Most reads find nothing due: they must not take the write lock that money movements need.
  if (findDue().length === 0) return 0;
  return db
    .transaction(() => {
      const due = findDue();
      const update = db.prepare('UPDATE lotto_draws SET result = ?, drawn_at = ? WHERE id = ? AND result IS NULL');
      for (const draw of due) update.run(JSON.stringify(drawNumbers(draw.game_type, random)), now.toISOString(), draw.id);
      return due.length;
    })
    .immediate();
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
export function activeSchedules(db: DB, now: Date): LottoSchedule[] {
  const { start, end } = todayBounds(now);
  const today = db
    .prepare<[string, string], DrawRow>(
      'SELECT id, game_type, schedule, result FROM lotto_draws WHERE schedule >= ? AND schedule < ? ORDER BY schedule, game_type',
    )
    .all(start, end);
  const stillToday = new Set(today.filter((row) => row.schedule > now.toISOString()).map((row) => row.game_type));
  // SQLite takes the bare columns of a MIN() aggregate from the row holding the minimum.
  const next = db
    .prepare<[string], DrawRow>(
      `SELECT id, game_type, MIN(schedule) AS schedule, result FROM lotto_draws
       WHERE schedule >= ? GROUP BY game_type`,
    )
    .all(end)
    .filter((row) => !stillToday.has(row.game_type));
  return [...today, ...next]
    .sort((a, b) => a.schedule.localeCompare(b.schedule) || a.game_type - b.game_type)
    .map((row) => ({ _id: row.id, GameType: row.game_type, Schedule: row.schedule }));
}

/** GET /result/lotto: drawn results of the last 7 days, newest draw first. */
export function recentResults(db: DB, now: Date): LottoResult[] {
  const since = new Date(now.getTime() - RESULTS_WINDOW_DAYS * DAY_MS).toISOString();
  return db
    .prepare<[string, string], DrawRow>(
      `SELECT id, game_type, schedule, result FROM lotto_draws
       WHERE result IS NOT NULL AND schedule >= ? AND schedule <= ? ORDER BY schedule DESC, game_type`,
    )
    .all(since, now.toISOString())
    .map(toResult);
}

/** GET /game/pick3/todaysdraw: today's draws (Philippine time), with their numbers once drawn. */
export function todaysDraws(db: DB, now: Date): TodaysDraw[] {
  const { start, end } = todayBounds(now);
  return db
    .prepare<[string, string], DrawRow>(
      'SELECT id, game_type, schedule, result FROM lotto_draws WHERE schedule >= ? AND schedule < ? ORDER BY schedule, game_type',
    )
    .all(start, end)
    .map(toResult);
}
