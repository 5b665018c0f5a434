// Contracts of basketball betting (document 2): scheduled games and their sub-games, winners,
// jackpot bet lines and sets, the per-slot maximum, and the pure rules the pages and the player
// API share — closing by EndingBettingStatus, the quarter badge, name masking, the ×70 win,
// the Ending kind by bet length, payouts. Decisions 060–069 (docs/decisions/) record every
// rule the spec leaves open.
import { z } from 'zod/mini';
import { PesoSchema, RecordIdSchema, TimestampSchema, hasWholeCentavos } from './fields';
import type { ExternalGame } from './games';
import { BetGameSchema, BetSchema, GAME_TYPE, TeamSchema } from './history';
import { fromCentavos, toCentavos } from '@suwerte/money';

// ── Game status and betting status (document 2, section 4; decision 061) ────────────────────

/**
 * Game `Status`: 0 before tip-off, 1–4 the quarter in play, 5 and 6 the first and second
 * overtime (at most two), 7 completed.
 */
export const GAME_STATUS = { SCHEDULED: 0, Q1: 1, Q2: 2, Q3: 3, Q4: 4, OT1: 5, OT2: 6, COMPLETED: 7 } as const;
/** Four quarters in a game; overtime up to 2 (document 2, section 9). */
export const QUARTERS = 4;
export const MAX_OVERTIMES = 2;
/** Quarter numbers as bets and results carry them: 1–4, then 5 = OT1, 6 = OT2. */
export const OVERTIME_QUARTER = 5;

/**
 * `Ending.BettingStatus`: 1 = betting open (document 2, section 4: "Ending BettingStatus equal to
 * 1 means betting is open") — before tip-off, every Ending bet, the Grand's included; 2 = in play:
 * the quarters not yet started stay open by `EndingBettingStatus`, the Grand (Q1–Q4 fixed) has
 * closed; 0 = closed (docs/decisions/191).
 */
export const BETTING_OPEN = 1;
export const BETTING_IN_PLAY = 2;
export const BETTING_CLOSED = 0;

/**
 * `EndingBettingStatus`: 0 = the Ending market is closed; otherwise the first quarter still open
 * for betting (1 before tip-off, 2 once Q1 has started … 5 once Q4 has started, when only the
 * overtime is left to bet on).
 */
export const ENDING_MARKET_CLOSED = 0;

/** The quarter badge of a game: Q1–Q4, OT1, OT2; null before tip-off and once completed. */
export function statusBadge(status: number): string | null {
  if (status >= GAME_STATUS.Q1 && status <= GAME_STATUS.Q4) return `Q${status}`;
  if (status === GAME_STATUS.OT1 || status === GAME_STATUS.OT2) return `OT${status - GAME_STATUS.Q4}`;
  return null;
}

/** The badge a game card shows at `now`: only once the scheduled time has passed (spec). */
export function gameBadge(game: Pick<ScheduledGame, 'Schedule' | 'Status'>, now: Date | number): string | null {
  return Date.parse(game.Schedule) <= new Date(now).getTime() ? statusBadge(game.Status) : null;
}

/** Quarter labels as bet lines show them: Q1–Q4, OT1, OT2. */
export function quarterName(quarter: number): string {
  return quarter >= OVERTIME_QUARTER ? `OT${quarter - QUARTERS}` : `Q${quarter}`;
}

export const isGameCompleted = (game: Pick<ScheduledGame, 'Status'>): boolean => game.Status === GAME_STATUS.COMPLETED;

// ── Jackpots (document 2, sections 2, 4, 5, 9; decisions 062–064) ────────────────────────────

export type JackpotKind = 'minor' | 'major' | 'grand';
/** The `jackpot` flag of a line: 1 minor, 2 major, 3 grand (the Grand line is fixed to 3). */
export const JACKPOT_FLAG = { minor: 1, major: 2, grand: 3 } as const satisfies Record<JackpotKind, number>;
export const jackpotKindOfFlag = (flag: number): JackpotKind | null =>
  flag === 1 ? 'minor' : flag === 2 ? 'major' : flag === 3 ? 'grand' : null;

/**
 * Lines per entry: Minor 2 (quarters chosen, distinct), Major 3 (distinct), Grand 4 — the three
 * staked rows Q1–Q3 plus the Grand Jackpot line Q4, whose ₱5 is the attendance (decision 062).
 */
export const JACKPOT_LINES = { minor: 2, major: 3, grand: 4 } as const satisfies Record<JackpotKind, number>;
/** Staked rows per entry (Amount, Amounttwo, Amountthree): the Grand has three (spec). */
export const JACKPOT_STAKED_LINES = { minor: 2, major: 3, grand: 3 } as const satisfies Record<JackpotKind, number>;

/** Minimum bet per line, in pesos (document 2, section 9). */
export const JACKPOT_MIN_BET = 10;
/** The Grand Jackpot attendance, charged per jackpot entry (Minor, Major and Grand), in pesos. */
export const JACKPOT_ATTENDANCE = 5;
/** A regular Ending (and every jackpot row) wins amount × 70. */
export const ENDING_WIN_MULTIPLIER = 70;
/** The match page polls its game every 10 s. */
export const SCHEDULE_POLL_MS = 10_000;
/** Toasts and alerts auto-hide after 3 s. */
export const SPORTS_TOAST_MS = 3_000;
/** Home: the featured games shown (the first six by creation date, decision 065). */
export const FEATURED_GAMES_COUNT = 6;

/**
 * The spec's texts of the jackpot pages (document 2, section 8), verbatim: those the player API
 * words its answers with too. The texts only the pages show are remote-sports' own.
 */
export const JACKPOT_TEXTS = {
  grandClosed: 'Betting is closed for this match',
  grandIncomplete: 'Incomplete form - All fields are required',
  grandMinimum: 'Minimum bet amount required',
  grandMaximum: 'Maximum bet amount exceeded',
  closed: 'BETTING CLOSED',
  allFieldsRequired: 'ALL FIELDS REQUIRED',
  invalidSlot: 'SELECT VALID SLOT NUMBER',
  minimum: 'MINIMUM BET AMOUNT REQUIRED',
  maximum: 'MAXIMUM BET AMOUNT EXCEEDED',
  placed: 'Bet Placed Successfully',
  editMaximum: 'Maximum bet amount exceeded',
  updated: 'Bet Updated Successfully',
} as const;

/** Texts of refusals the spec does not word (decision 064). */
export const SPORTS_TEXTS = {
  distinctQuarters: 'SELECT A DIFFERENT QUARTER FOR EACH ROW',
  quarterClosed: 'BETTING CLOSED FOR THAT QUARTER',
  invalidAmount: 'Invalid Amount',
  notEditable: 'Only the amounts of a bet can be edited',
  wrongLines: 'Wrong number of lines for this jackpot',
  grandAttendance: 'The Grand Jackpot line is the ₱5 attendance',
  notAJackpot: 'Not a jackpot game',
  unknownGame: 'Game not found',
  unknownBet: 'Bet not found',
  invalidPicks: 'Invalid picks for this game',
  noOvertime: 'Overtime bets are placed on the Overtime game',
  gameClosed: 'Betting is closed for this game',
} as const;

/** The fields of a game the closing rules read. */
export type ClosingInput = { EndingBettingStatus: number; Ending: Pick<Ending, 'BettingStatus'> };

/**
 * Whether a jackpot page refuses bets, as document 2 gives the rules (section 4 and the Grand
 * form's first check): Major closes when EndingBettingStatus is 3 or higher or 0, Minor when it
 * is 4 or higher or 0, the Grand when the Ending's BettingStatus is not 1 (docs/decisions/191:
 * the player API sets it to 1 only before tip-off, the Grand's lines being Q1–Q4).
 */
export function isJackpotClosed(kind: JackpotKind, game: ClosingInput): boolean {
  if (kind === 'grand') return game.Ending.BettingStatus !== BETTING_OPEN;
  const status = game.EndingBettingStatus;
  if (status === ENDING_MARKET_CLOSED) return true;
  return kind === 'major' ? status >= 3 : status >= 4;
}

/** The quarters still open for Ending bets (regular rows and Minor/Major rows): EndingBettingStatus…4. */
export function openQuarters(endingBettingStatus: number): number[] {
  if (endingBettingStatus === ENDING_MARKET_CLOSED || endingBettingStatus > QUARTERS) return [];
  return Array.from({ length: QUARTERS - endingBettingStatus + 1 }, (_, index) => endingBettingStatus + index);
}

/** Win of an Ending row in pesos: amount × 70, computed in centavos (no float drift). */
export function endingWin(amount: number): number {
  return fromCentavos(toCentavos(amount) * ENDING_WIN_MULTIPLIER);
}

// ── Game types by bet (document 2, section 3) ───────────────────────────────────────────────

export type EndingKind = 'regular' | JackpotKind;
/** Ending (61) by bet length: 3 regular, 6 minor, 9 major, 12 grand. */
export const ENDING_KIND_BY_LENGTH: Readonly<Record<number, EndingKind>> = { 3: 'regular', 6: 'minor', 9: 'major', 12: 'grand' };
export const ENDING_BET_LENGTH: Readonly<Record<EndingKind, number>> = { regular: 3, minor: 6, major: 9, grand: 12 };

export function endingKindOfLength(length: number): EndingKind | null {
  return ENDING_KIND_BY_LENGTH[length] ?? null;
}

/** A flat BetDetails list of score legs → its legs `[slot1, slot2, quarter]`. */
export function scoreLegs(values: readonly number[]): [number, number, number][] {
  const legs: [number, number, number][] = [];
  for (let i = 0; i + 2 < values.length; i += 3) legs.push([values[i] ?? 0, values[i + 1] ?? 0, values[i + 2] ?? 0]);
  return legs;
}

/** The basketball game types (the Winners Circle and the progression timer know these). */
export const SPORTS_GAME_TYPES = [
  GAME_TYPE.ENDING,
  GAME_TYPE.ENDING_QUARTER_PRIZE,
  GAME_TYPE.ENDING_REVERSE_PRIZE,
  GAME_TYPE.ODD_EVEN,
  GAME_TYPE.FIRST_TEAM_TO_SCORE,
  GAME_TYPE.TEAM_WINNER,
] as const;

// ── Payouts (decision 063): what a winning stake pays back, stake included ─────────────────

/**
 * Payout multipliers in hundredths (× stake ÷ 100, rounded down to the centavo):
 * Regular, Overtime and every jackpot row 70×; Quarter Prize 70×; Quarter & Reverse 70× exact,
 * 35× reversed; Odd/Even, First Team To Score and Team Winner 1.9×.
 */
export const SPORTS_PAYOUT_HUNDREDTHS = {
  ending: 7_000,
  quarterPrize: 7_000,
  reverseExact: 7_000,
  reverse: 3_500,
  oddEven: 190,
  firstTeamToScore: 190,
  teamWinner: 190,
} as const;

/** Centavos paid for a winning stake at a multiplier in hundredths (rounded down: the fraction stays with the house). */
export function payoutCentavos(stakeCentavos: number, hundredths: number): number {
  return Math.floor((stakeCentavos * hundredths) / 100);
}

// ── Launches to the external game site (document 2, section 2) ─────────────────────────────

/** Regular Ending and Overtime launch codes (`/EndingRoute/{endingId}/101|105`). */
export const ENDING_LAUNCH = { regular: 101, overtime: 105 } as const;

/**
 * Where each basketball launch route sends the player: the game site's page and its query
 * (`accesstoken` is added by the launch mechanism). The stand-in reads `id` (the sub-game's
 * `_id`) and, for the Ending, `type` (101 or 105).
 */
export const SPORTS_LAUNCH_GAMES = {
  ending: 'ending',
  endingwq: 'endingwq',
  teambetting: 'teambetting',
  ftts: 'ftts',
  oddeven: 'oddeven',
} as const satisfies Record<string, ExternalGame>;

// ── Names (document 2, sections 3 and 6; decision 065) ──────────────────────────────────────

/** Stars after the visible letters of a masked name: always five, so a name's length stays private. */
export const MASK_STARS = '*****';

/** 'demoplayer' → 'Dem*****': first letter upper case, the next two lower case, then stars. */
export function maskUsername(username: string): string {
  const visible = [...username.trim()].slice(0, 3);
  const [first = '', ...rest] = visible;
  return `${first.toUpperCase()}${rest.join('').toLowerCase()}${MASK_STARS}`;
}

/** A name as the public calls send it: at most three letters, then the stars (never a username). */
export const MaskedNameSchema = z.string().check(z.regex(/^[^*]{0,3}\*{5}$/u, { error: 'Names must be masked' }));

// ── Calls: games ────────────────────────────────────────────────────────────────────────────

/** One result of a sub-game: scores `[team1digit, team2digit, quarter]`, odd/even and first-to-score `[0|1, quarter]`. */
export const ResultEntrySchema = z.object({ result: z.array(z.int()) });

/** The Ending sub-game: per-slot maximum and minimum in pesos, betting status, results per quarter. */
export const EndingSchema = z.object({
  _id: RecordIdSchema,
  maxbet: PesoSchema,
  minbet: PesoSchema,
  BettingStatus: z.int(),
  ResultId: z.array(ResultEntrySchema),
});
export type Ending = z.infer<typeof EndingSchema>;

export const SubGameSchema = z.object({ _id: RecordIdSchema });
export const SubGameWithResultSchema = z.object({ _id: RecordIdSchema, ResultId: z.array(ResultEntrySchema) });

/** Points scored in one period (1–4, 5 = OT1, 6 = OT2), once the period has ended. Ours (additive). */
export const PeriodScoreSchema = z.object({
  quarter: z.int().check(z.gte(1)),
  Team1: z.int().check(z.gte(0)),
  Team2: z.int().check(z.gte(0)),
});
export type PeriodScore = z.infer<typeof PeriodScoreSchema>;

/**
 * A scheduled game (document 2, section 3). A sub-game the match does not offer is null.
 * `Ending.ResultId` holds one score result per finished period; `OddEven.ResultId` and
 * `FTTS.ResultId` one `[0|1, quarter]` per finished quarter. `Scores` (ours) are the points per
 * finished period, for the View Result dialog.
 */
export const ScheduledGameSchema = z.object({
  _id: RecordIdSchema,
  Schedule: TimestampSchema,
  Status: z.int(),
  Team1: TeamSchema,
  Team2: TeamSchema,
  createdAt: TimestampSchema,
  Ending: EndingSchema,
  Endingwq: z.nullable(SubGameSchema),
  Endingwqr: z.nullable(SubGameSchema),
  FTTS: z.nullable(SubGameWithResultSchema),
  OddEven: z.nullable(SubGameWithResultSchema),
  Teambetting: z.nullable(SubGameSchema),
  EndingBettingStatus: z.int(),
  Endingmin: PesoSchema,
  Scores: z.array(PeriodScoreSchema),
});
export type ScheduledGame = z.infer<typeof ScheduledGameSchema>;

/** GET /schedule (public), GET /finishedgames/basketball/limit (bearer). */
export const ScheduledGameListSchema = z.array(ScheduledGameSchema);

/** The final score: the points of every finished period added up. */
export function finalScore(game: Pick<ScheduledGame, 'Scores'>): { Team1: number; Team2: number } {
  return game.Scores.reduce((total, period) => ({ Team1: total.Team1 + period.Team1, Team2: total.Team2 + period.Team2 }), { Team1: 0, Team2: 0 });
}

/**
 * Home's Featured Basketball Games: "the first 6 by creation date" — the games not yet
 * completed, oldest created first (the games published first are the ones on court or
 * about to be), ties by schedule (decision 065). By the instants, whatever offset each is written
 * with (and no collator: a page's first one costs ICU's start-up, record 243).
 */
export function featuredGames<G extends Pick<ScheduledGame, 'createdAt' | 'Schedule' | 'Status'>>(games: readonly G[]): G[] {
  return games
    .filter((game) => !isGameCompleted(game))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || Date.parse(a.Schedule) - Date.parse(b.Schedule))
    .slice(0, FEATURED_GAMES_COUNT);
}

// ── Calls: winners ──────────────────────────────────────────────────────────────────────────

/** A win (document 2, section 3): the player's name masked by the server, never the username. */
export const WinnerSchema = z.object({
  _id: RecordIdSchema,
  UserId: z.object({ username: MaskedNameSchema }),
  GameId: BetGameSchema,
  WinAmount: PesoSchema,
  createdAt: TimestampSchema,
});
export type Winner = z.infer<typeof WinnerSchema>;

/** GET /todayswinner, GET /biggestwinner (public). */
export const WinnerListSchema = z.array(WinnerSchema);

// ── Calls: jackpot lines and sets ───────────────────────────────────────────────────────────

const digit = (message: string) =>
  z.int({ error: message }).check(z.gte(0, { error: message }), z.lte(9, { error: message }));
const quarter = z.int({ error: 'Invalid quarter' }).check(z.gte(1, { error: 'Invalid quarter' }), z.lte(QUARTERS, { error: 'Invalid quarter' }));

/** A line's stake: at least ₱10, whole centavos. */
const stake = (minimumText: string) =>
  z
    .number({ error: minimumText })
    .check(
      z.gte(JACKPOT_MIN_BET, { error: minimumText }),
      z.lte(1_000_000, { error: SPORTS_TEXTS.invalidAmount }),
      z.refine(hasWholeCentavos, { error: SPORTS_TEXTS.invalidAmount }),
    );

/** A Minor/Major row as the page keeps it (client bet row): `max` and `id` are the page's own and ignored. */
export const JackpotLineSchema = z.object({
  Amount: stake(JACKPOT_TEXTS.minimum),
  jackpot: z.union([z.literal(JACKPOT_FLAG.minor), z.literal(JACKPOT_FLAG.major)], { error: SPORTS_TEXTS.wrongLines }),
  slot1: digit(JACKPOT_TEXTS.invalidSlot),
  slot2: digit(JACKPOT_TEXTS.invalidSlot),
  quarter,
  max: z.optional(z.number()),
});
export type JackpotLine = z.infer<typeof JackpotLineSchema>;

const distinctQuarters = (lines: readonly { quarter: number }[]) => new Set(lines.map((line) => line.quarter)).size === lines.length;

/**
 * POST /bet/jackpot/ending (ours, decision 060): a Minor entry (2 lines, flag 1) or a Major
 * entry (3 lines, flag 2), quarters distinct; `GameId` is the game's `Ending._id`.
 */
export const JackpotBetRequestSchema = z.object({
  bets: z
    .array(JackpotLineSchema, { error: JACKPOT_TEXTS.allFieldsRequired })
    .check(
      z.refine(
        (lines) =>
          lines.length > 0 &&
          lines.every((line) => line.jackpot === lines[0]?.jackpot) &&
          lines.length === JACKPOT_LINES[lines[0]?.jackpot === JACKPOT_FLAG.minor ? 'minor' : 'major'],
        { error: SPORTS_TEXTS.wrongLines },
      ),
      z.refine(distinctQuarters, { error: SPORTS_TEXTS.distinctQuarters }),
    ),
  GameId: RecordIdSchema,
});
export type JackpotBetRequest = z.infer<typeof JackpotBetRequestSchema>;

/** A Grand row (document 2, section 3: Amount, jackpot fixed 3, slot1, slot2, quarter, max). */
export const GrandLineSchema = z.object({
  Amount: stake(JACKPOT_TEXTS.grandMinimum),
  jackpot: z.literal(JACKPOT_FLAG.grand, { error: SPORTS_TEXTS.wrongLines }),
  slot1: digit(JACKPOT_TEXTS.grandIncomplete),
  slot2: digit(JACKPOT_TEXTS.grandIncomplete),
  quarter,
  max: z.optional(z.number()),
});
export type GrandLine = z.infer<typeof GrandLineSchema>;

/** The fourth Grand line: quarter 4, its Amount the ₱5 attendance (decision 062). */
export const GrandJackpotLineSchema = z.extend(GrandLineSchema, {
  Amount: z.literal(JACKPOT_ATTENDANCE, { error: SPORTS_TEXTS.grandAttendance }),
});

/**
 * POST /bet/jackpot/multiending (document 2, section 7): "bets (list of four lines) and GameId" —
 * the staked rows Q1, Q2, Q3 and the Grand Jackpot line Q4, in that order; `GameId` is the
 * game's `Ending._id`.
 */
export const GrandBetRequestSchema = z.object({
  bets: z
    .tuple([GrandLineSchema, GrandLineSchema, GrandLineSchema, GrandJackpotLineSchema], { error: JACKPOT_TEXTS.grandIncomplete })
    .check(z.refine((lines) => lines.every((line, index) => line.quarter === index + 1), { error: SPORTS_TEXTS.distinctQuarters })),
  GameId: RecordIdSchema,
});
export type GrandBetRequest = z.infer<typeof GrandBetRequestSchema>;

/**
 * A bet set (document 2, section 3): the stakes of its rows (Amount, Amounttwo, Amountthree —
 * the Grand has three) and `BetDetails[0]`, the flat list `slot1, slot2, quarter` per line.
 */
export const BetSetSchema = z.object({
  _id: RecordIdSchema,
  Amount: PesoSchema,
  Amounttwo: PesoSchema,
  Amountthree: z.optional(PesoSchema),
  BetDetails: z.array(z.array(z.int())),
  createdAt: TimestampSchema,
});
export type BetSet = z.infer<typeof BetSetSchema>;

/** GET /bets/game/{1|2|3}/{endingId}: the caller's active sets (Minor, Major, Grand), newest first. */
export const BetSetListSchema = z.array(BetSetSchema);

/** Answer of a placed or edited jackpot entry (the spec does not show it; decision 060). */
export const JackpotBetResponseSchema = z.object({
  message: z.string(),
  bet: BetSetSchema,
  /** The balance after the bet, in pesos. */
  Balance: PesoSchema,
});
export type JackpotBetResponse = z.infer<typeof JackpotBetResponseSchema>;

/** The rows of a set as the page shows them: one per staked line, plus the Grand Jackpot line. */
export interface BetSetRow {
  Amount: number;
  slot1: number;
  slot2: number;
  quarter: number;
}

/** A set's rows: legs of `BetDetails[0]` paired with Amount, Amounttwo, Amountthree (the Grand's Q4 line: the ₱5 attendance). */
export function betSetRows(set: Pick<BetSet, 'Amount' | 'Amounttwo' | 'Amountthree' | 'BetDetails'>): BetSetRow[] {
  const amounts = [set.Amount, set.Amounttwo, set.Amountthree];
  return scoreLegs(set.BetDetails[0] ?? []).map(([slot1, slot2, quarterOfLeg], index) => ({
    Amount: amounts[index] ?? JACKPOT_ATTENDANCE,
    slot1,
    slot2,
    quarter: quarterOfLeg,
  }));
}

/**
 * A row of an edit: the set's line with its new Amount (slots and quarter must be the set's own).
 * The server holds staked rows to the ₱10 minimum; a Grand's Q4 line keeps its ₱5.
 */
export const EditLineSchema = z.object({
  Amount: z
    .number({ error: SPORTS_TEXTS.invalidAmount })
    .check(
      z.positive({ error: SPORTS_TEXTS.invalidAmount }),
      z.lte(1_000_000, { error: SPORTS_TEXTS.invalidAmount }),
      z.refine(hasWholeCentavos, { error: SPORTS_TEXTS.invalidAmount }),
    ),
  slot1: digit(JACKPOT_TEXTS.invalidSlot),
  slot2: digit(JACKPOT_TEXTS.invalidSlot),
  quarter,
  jackpot: z.optional(z.int()),
  max: z.optional(z.number()),
  id: z.optional(z.union([z.string(), z.number()])),
});

/**
 * PUT /bet/ending/update/jackpot/{id} (document 2, section 7: body `{bets: [first row set]}`):
 * `bets[0]` holds the set's rows with their new amounts. A Grand set may leave out its Q4 line.
 */
export const JackpotEditRequestSchema = z.object({
  bets: z
    .array(z.array(EditLineSchema).check(z.minLength(1, { error: JACKPOT_TEXTS.grandIncomplete }), z.maxLength(4, { error: SPORTS_TEXTS.wrongLines })))
    .check(z.length(1, { error: SPORTS_TEXTS.wrongLines })),
});
export type JackpotEditRequest = z.infer<typeof JackpotEditRequestSchema>;

// ── Calls: the per-slot maximum (decision 060) ──────────────────────────────────────────────

export const SlotSchema = z.object({
  slot1: digit(JACKPOT_TEXTS.invalidSlot),
  slot2: digit(JACKPOT_TEXTS.invalidSlot),
  quarter,
});
export type Slot = z.infer<typeof SlotSchema>;

/**
 * POST /monitoring/available/jackpot/{endingId}: `bets` is a list of lists of slots; the answer
 * has the same shape, each slot's still-available stake in pesos (the page reads `[0][0]`).
 */
export const AvailabilityRequestSchema = z.object({
  bets: z.array(z.array(SlotSchema).check(z.minLength(1), z.maxLength(JACKPOT_LINES.grand))).check(z.minLength(1), z.maxLength(4)),
});
export type AvailabilityRequest = z.infer<typeof AvailabilityRequestSchema>;
export const AvailabilityResponseSchema = z.array(z.array(PesoSchema));

/** GET /monitoring/available/ending/{endingId}?slot1&slot2&quarter (ours): Major/Minor's max for one slot. */
export const SlotAvailabilityQuerySchema = z.object({
  slot1: z.pipe(z.coerce.number<string | number>({ error: JACKPOT_TEXTS.invalidSlot }), digit(JACKPOT_TEXTS.invalidSlot)),
  slot2: z.pipe(z.coerce.number<string | number>({ error: JACKPOT_TEXTS.invalidSlot }), digit(JACKPOT_TEXTS.invalidSlot)),
  quarter: z.pipe(z.coerce.number<string | number>({ error: 'Invalid quarter' }), quarter),
});
export const SlotAvailabilitySchema = z.object({
  slot1: z.int(),
  slot2: z.int(),
  quarter: z.int(),
  /** Still available on that slot, in pesos. */
  max: PesoSchema,
});
export type SlotAvailability = z.infer<typeof SlotAvailabilitySchema>;

/**
 * GET /monitoringnew/available/{endingId}: the CARD grid, `grid[slot1][slot2][quarter - 1]`,
 * 10 × 10 × 4 pesos still available.
 */
export const AvailabilityGridSchema = z.array(z.array(z.array(PesoSchema)));
export type AvailabilityGrid = z.infer<typeof AvailabilityGridSchema>;

// ── Calls: the bets of the external game site (decision 066) ────────────────────────────────

/**
 * POST /bet/game/{subGameId} (ours): a bet on Regular Ending / Overtime (`[slot1, slot2, quarter]`,
 * quarter 5 = overtime), Quarter Prize and Quarter & Reverse (`[slot1, slot2, quarter]`), Odd/Even
 * and First Team To Score (`[0|1, quarter]`) or Team Winner (`[side, digits]`) — the picks the
 * game site's form sends, checked per game by the server.
 */
export const SportsBetRequestSchema = z.object({
  BetDetails: z.tuple([z.array(z.int({ error: SPORTS_TEXTS.invalidPicks })).check(z.minLength(2), z.maxLength(3))], {
    error: SPORTS_TEXTS.invalidPicks,
  }),
  Amount: stake(JACKPOT_TEXTS.minimum),
});
export type SportsBetRequest = z.infer<typeof SportsBetRequestSchema>;

export const SportsBetResponseSchema = z.object({
  message: z.string(),
  bet: BetSchema,
  Balance: PesoSchema,
});
export type SportsBetResponse = z.infer<typeof SportsBetResponseSchema>;
