// Contracts of the lotto area (requests and responses, zod) and its business constants
// (document 1, section 9), shared by the browser and the player API. What "today" and "2PM" mean
// whatever the machine's time zone is @suwerte/time's.
import { z } from 'zod/mini';
import { RecordIdSchema, TimestampSchema } from './fields';
import { GAME_TYPE, LOTTO_GAME_TYPES } from './history';

// ── Game types ──────────────────────────────────────────────────────────────────────────────

/** Lotto 6/42 … 6/58: the draws Pick 3 and Pick 12 are played on. */
export type LottoGameType = (typeof LOTTO_GAME_TYPES)[number];

/** Every game type that has lotto draws: 6/42 … 6/58, EZ 2 (131) and Mega Millions (200). */
export const LOTTO_DRAW_GAME_TYPES = [...LOTTO_GAME_TYPES, GAME_TYPE.EZ2, GAME_TYPE.MEGA_MILLIONS] as const;
export type LottoDrawGameType = (typeof LOTTO_DRAW_GAME_TYPES)[number];

/** The label a schedule card, a result row and the home widget show for a game type. */
export const LOTTO_GAME_LABELS: Record<LottoDrawGameType, string> = {
  42: '6/42',
  45: '6/45',
  49: '6/49',
  55: '6/55',
  58: '6/58',
  [GAME_TYPE.EZ2]: 'EZ 2',
  [GAME_TYPE.MEGA_MILLIONS]: 'Mega Millions',
};

export function isLottoGameType(value: number): value is LottoGameType {
  return (LOTTO_GAME_TYPES as readonly number[]).includes(value);
}

export function isLottoDrawGameType(value: number): value is LottoDrawGameType {
  return (LOTTO_DRAW_GAME_TYPES as readonly number[]).includes(value);
}

/** A game type's label; a code the site does not know is shown as such rather than hidden. */
export function lottoGameLabel(gameType: number): string {
  return isLottoDrawGameType(gameType) ? LOTTO_GAME_LABELS[gameType] : `Game ${gameType}`;
}

// ── Business constants (document 1, section 9) ─────────────────────────────────────────────

/** Pick 3 odds (bet multiplier) per lotto game. */
export const PICK3_ODDS: Record<LottoGameType, number> = { 42: 280, 45: 300, 49: 330, 55: 360, 58: 380 };
/** Pick 12 odds (bet multiplier) per lotto game. */
export const PICK12_ODDS: Record<LottoGameType, number> = { 42: 1500, 45: 1800, 49: 2000, 55: 2300, 58: 2450 };
/** Pick 3 jackpot: on 4 of 6. */
export const PICK3_JACKPOT_MATCH = { hits: 4, of: 6 } as const;
/** The jackpot add-on, in pesos. */
export const LOTTO_JACKPOT_ADD_ON_PESOS = 5;
/** Bet amount chips, in pesos. */
export const LOTTO_BET_CHIPS = [10, 20, 50, 100, 500] as const;

/** EZ 2: pick 2 numbers from 1 to 31; draws at 2PM, 5PM and 9PM (Philippine time). */
export const EZ2_RULES = {
  picks: 2,
  min: 1,
  max: 31,
  /** Draw hours, 24-hour clock, Philippine time. */
  drawHours: [14, 17, 21],
  straightOdds: 490,
  rambolitoOdds: 245,
} as const;

/** Mega Millions: pick 3, or 5 white plus 1 yellow. */
export const MEGA_MILLIONS_RULES = {
  whitePicks: 5,
  yellowPicks: 1,
  threeWhiteOdds: 480,
  oneWhitePlusYellowOdds: 3,
  twoWhitePlusYellowOdds: 10,
} as const;

// ── Calls ───────────────────────────────────────────────────────────────────────────────────

const ResultListSchema = z.array(z.object({ result: z.array(z.int()) }));

/** A lotto draw on the schedule (document 1, section 3: _id, GameType, Schedule). */
export const LottoScheduleSchema = z.object({
  _id: RecordIdSchema,
  GameType: z.int(),
  Schedule: TimestampSchema,
});
export type LottoSchedule = z.infer<typeof LottoScheduleSchema>;

/**
 * GET /schedule/active/lotto (bearer) — today's draws (Philippine time), finished ones included,
 * plus the next draw of every game with none left today; by draw time.
 */
export const LottoScheduleListSchema = z.array(LottoScheduleSchema);

/** A drawn result (document 1, section 3: Schedule, GameType, ResultId[0].result). */
export const LottoResultSchema = z.object({
  _id: RecordIdSchema,
  GameType: z.int(),
  Schedule: TimestampSchema,
  ResultId: ResultListSchema,
});
export type LottoResult = z.infer<typeof LottoResultSchema>;

/** GET /result/lotto (bearer) — results of the last 7 days, newest draw first. */
export const LottoResultListSchema = z.array(LottoResultSchema);

/** One of today's draws; `ResultId` is empty until the draw has taken place. */
export const TodaysDrawSchema = LottoResultSchema;
export type TodaysDraw = z.infer<typeof TodaysDrawSchema>;

/** GET /game/pick3/todaysdraw (public: the home page shows it to visitors) — by draw time. */
export const TodaysDrawListSchema = z.array(TodaysDrawSchema);

/** The numbers of a drawn result, or null before the draw. */
export function drawnNumbers(draw: Pick<LottoResult, 'ResultId'>): number[] | null {
  const result = draw.ResultId[0]?.result;
  return result && result.length > 0 ? result : null;
}
