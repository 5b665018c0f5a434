import { z } from 'zod/mini';
import { PesoSchema, RecordIdSchema, TimestampSchema } from './fields';

/** Game type codes (document 2, section 3; document 1, section 3). */
export const GAME_TYPE = {
  ENDING: 61,
  ENDING_QUARTER_PRIZE: 62,
  ENDING_REVERSE_PRIZE: 63,
  ODD_EVEN: 72,
  FIRST_TEAM_TO_SCORE: 100,
  TEAM_WINNER: 110,
  SLOT_MACHINE: 300,
  VIDEO_KARERA: 9000,
  EZ2: 131,
  MEGA_MILLIONS: 200,
} as const;

/** Lotto 6/42 … 6/58, also the Pick 3 and Pick 12 game types. */
export const LOTTO_GAME_TYPES = [42, 45, 49, 55, 58] as const;

/** Bet Status (document 2, section 4): 0 Return (refund), 1 Ongoing, 2 Win, 3 Lose. */
export const BET_STATUS = { RETURN: 0, ONGOING: 1, WIN: 2, LOSE: 3 } as const;
export type BetStatus = (typeof BET_STATUS)[keyof typeof BET_STATUS];

export const TeamSchema = z.object({
  TeamName: z.string(),
  Acronym: z.string(),
  League: z.string(),
  ImageLink: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

/** The game a bet was placed on, as embedded in bets: `ResultId[0].result` holds the result once known. */
export const BetGameSchema = z.object({
  _id: RecordIdSchema,
  GameType: z.int(),
  Team1: z.nullable(TeamSchema),
  Team2: z.nullable(TeamSchema),
  Schedule: TimestampSchema,
  ResultId: z.array(z.object({ result: z.array(z.number()) })),
});
export type BetGame = z.infer<typeof BetGameSchema>;

/**
 * A bet (document 2, section 3). `BetDetails[0]` holds the picks, encoded per game type
 * (document 2, "Result encodings"). Amounttwo…Amountfour are the extra legs of multi-leg bets.
 */
export const BetSchema = z.object({
  _id: RecordIdSchema,
  GameId: BetGameSchema,
  BetDetails: z.array(z.array(z.number())),
  Amount: PesoSchema,
  Amounttwo: z.optional(PesoSchema),
  Amountthree: z.optional(PesoSchema),
  Amountfour: z.optional(PesoSchema),
  Status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  createdAt: TimestampSchema,
});
export type Bet = z.infer<typeof BetSchema>;

/** GET /bet/history — the player's bets of the last 7 days, newest first. */
export const BetHistorySchema = z.array(BetSchema);

/** Transaction modes as the player API writes them. */
export const TRANSACTION_MODE = {
  DEPOSIT: 'Deposit',
  WITHDRAW: 'Withdraw',
  BET: 'Bet',
  WIN: 'Win',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
} as const;

/** A money movement on the player's account (document 2, section 3). Negative amounts are debits. */
export const TransactionSchema = z.object({
  _id: RecordIdSchema,
  createdAt: TimestampSchema,
  Mode: z.string(),
  Amount: PesoSchema,
  Balance: PesoSchema,
  BetId: z.nullable(BetSchema),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** GET /transact/history — the player's transactions of the last 7 days, newest first. */
export const TransactionHistorySchema = z.array(TransactionSchema);

/** Both history screens and the withdrawal list cover the last 7 days. */
export const HISTORY_WINDOW_DAYS = 7;
