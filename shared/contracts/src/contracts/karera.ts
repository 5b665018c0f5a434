// Contracts of Video Karera (document 2, sections 2–5, 7–9): the socket events between the
// game server (player API) and the browser, the bet request, and the payout formula that both
// the server (settlement) and the pages (payout display) use.
import { z } from 'zod/mini';
import { PesoSchema, RecordIdSchema, hasWholeCentavos } from './fields';

/** E-Karera encoding (document 2, section 3): 1 = UNO, otherwise DOS. */
export const KARERA_SIDE = { UNO: 1, DOS: 2 } as const;
export const KareraSideSchema = z.union([z.literal(1), z.literal(2)]);
export type KareraSide = z.infer<typeof KareraSideSchema>;

export const KareraSideNameSchema = z.enum(['UNO', 'DOS']);
export type KareraSideName = z.infer<typeof KareraSideNameSchema>;

export const kareraSideName = (side: KareraSide): KareraSideName => (side === 1 ? 'UNO' : 'DOS');
export const kareraSideOf = (name: KareraSideName): KareraSide => (name === 'UNO' ? 1 : 2);
/** A stored pick or result: 1 = UNO, any other value DOS. */
export const kareraSideOfResult = (value: number): KareraSide => (value === 1 ? 1 : 2);

/** Socket event names, verbatim from the spec (plus `roundstate`, the resync on every connect). */
export const KARERA_EVENTS = {
  declareWinner: 'DeclareWinner',
  previousWinner: 'previouswinner',
  totalBet: 'totalbet',
  bettingClose: 'bettingclose',
  startBetting: 'startbetting',
  stopBetting: 'stopbetting',
  betFailed: 'betfailed',
  betSuccessful: 'betsuccessful',
  roundState: 'roundstate',
  bet: 'bet',
} as const;

/** Alert texts of Video Karera (document 2, section 8), verbatim. Alerts auto-hide after 3 s. */
export const KARERA_ALERTS = {
  invalidAmount: 'Invalid Amount',
  bettingClosed: 'Betting Closed',
  bettingStopped: 'Betting Stopped',
  startBetting: 'Start Betting',
  notEnoughBalance: 'Not enough balance',
  betSuccess: 'Bet Success',
} as const;

/** Bet chips in pesos (document 1, section 9). */
export const KARERA_BET_CHIPS = [10, 20, 50, 100, 500] as const;
/** Previous results: the last 10 shown as icons, counts over the last 100 (document 2, section 9). */
export const KARERA_PREVIOUS_SHOWN = 10;
export const KARERA_PREVIOUS_COUNTED = 100;
/** Socket.io client options (document 2, section 9): reconnection delay 1 s up to 5 s, time-out 20 s. */
export const KARERA_SOCKET_OPTIONS = { reconnectionDelay: 1_000, reconnectionDelayMax: 5_000, timeout: 20_000 } as const;
/** The house's share of a winning stake (docs/decisions/200): 10 %. */
export const KARERA_COMMISSION_PERCENT = 10;
/** Upper bound of one bet, a sanity limit (the balance is the real one). */
export const KARERA_MAX_BET = 1_000_000;


/** A stake in pesos: more than 0, whole centavos, at most KARERA_MAX_BET. */
export const KareraStakeSchema = PesoSchema.check(
  z.refine((pesos: number) => pesos > 0 && pesos <= KARERA_MAX_BET && hasWholeCentavos(pesos), {
    error: KARERA_ALERTS.invalidAmount,
  }),
);

/** Handshake query of the socket (document 2, section 7): the user name and the access token. */
export const KareraHandshakeQuerySchema = z.object({
  username: z.string().check(z.minLength(1)),
  accesstoken: z.string().check(z.minLength(1)),
});
export type KareraHandshakeQuery = z.infer<typeof KareraHandshakeQuerySchema>;

/**
 * Sent event `bet`: the pick and the stake in pesos. `requestId` (optional, ours) is echoed in
 * the answer so a client with several bets in flight can pair answers with bets.
 */
export const KareraBetRequestSchema = z.object({
  bet: KareraSideSchema,
  Amount: KareraStakeSchema,
  requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type KareraBetRequest = z.infer<typeof KareraBetRequestSchema>;

/** The phases of a round: betting open → closed (the race runs) → result (winner shown). */
export const KareraPhaseSchema = z.enum(['betting', 'closed', 'result']);
export type KareraPhase = z.infer<typeof KareraPhaseSchema>;

const RoundIdSchema = RecordIdSchema;
/** Milliseconds until the phase ends (relative, so the client's clock does not matter). */
const MsLeftSchema = z.int().check(z.gte(0));

/** `totalbet`: the pair of round totals in pesos, [Uno, Dos]. */
export const KareraTotalBetSchema = z.tuple([PesoSchema, PesoSchema]);
export type KareraTotalBet = z.infer<typeof KareraTotalBetSchema>;

/** `previouswinner`: the results of settled rounds, 1 or 2, most recent first, up to 100. */
export const KareraPreviousWinnerSchema = z.array(KareraSideSchema).check(z.maxLength(KARERA_PREVIOUS_COUNTED));

/** `startbetting`: a new round; bets are accepted for `msLeft`. */
export const KareraStartBettingSchema = z.object({ roundId: RoundIdSchema, msLeft: MsLeftSchema });
/** `bettingclose`: the betting window ended; the race runs for `msLeft`. */
export const KareraBettingCloseSchema = z.object({ roundId: RoundIdSchema, msLeft: MsLeftSchema });
/** `stopbetting`: betting stopped outside the normal cycle (the server is shutting down); open bets are refunded. */
export const KareraStopBettingSchema = z.object({ roundId: z.nullable(RoundIdSchema) });
/** `DeclareWinner`: the winner (UNO or DOS); bets are settled; the next round starts in `msLeft`. */
export const KareraDeclareWinnerSchema = z.object({ roundId: RoundIdSchema, winner: KareraSideNameSchema, msLeft: MsLeftSchema });
export type KareraDeclareWinner = z.infer<typeof KareraDeclareWinnerSchema>;

/** `betsuccessful`: the bet is recorded and the stake debited; `Balance` is the balance after it. */
export const KareraBetSuccessfulSchema = z.object({
  roundId: RoundIdSchema,
  betId: RecordIdSchema,
  bet: KareraSideSchema,
  Amount: PesoSchema,
  Balance: PesoSchema,
  requestId: z.optional(z.string()),
});
export type KareraBetSuccessful = z.infer<typeof KareraBetSuccessfulSchema>;

/** `betfailed` for a fault of the server itself (the spec's text for a failed bet elsewhere). */
export const KARERA_BET_FAILED_TEXT = 'Bet Failed - Please try again';

/** `betfailed`: nothing was recorded; `message` says why (the spec's alert texts). */
/** Bets one player may place in one round (docs/decisions/146): far more than a hand clicks in 30 s. */
export const KARERA_BETS_PER_ROUND = 20;
/** `betfailed` for a bet beyond the socket's rate (ours, docs/decisions/146). */
export const KARERA_TOO_FAST_TEXT = 'Too many bets at once. Please wait a moment.';
/** `betfailed` for a bet beyond KARERA_BETS_PER_ROUND (ours, docs/decisions/146). */
export const KARERA_ROUND_LIMIT_TEXT = `Bet limit reached: at most ${KARERA_BETS_PER_ROUND} bets a round`;

export const KareraBetFailedSchema = z.object({
  message: z.enum([KARERA_ALERTS.notEnoughBalance, KARERA_ALERTS.bettingClosed, KARERA_ALERTS.invalidAmount, KARERA_BET_FAILED_TEXT, KARERA_TOO_FAST_TEXT, KARERA_ROUND_LIMIT_TEXT]),
  requestId: z.optional(z.string()),
});
export type KareraBetFailed = z.infer<typeof KareraBetFailedSchema>;

/**
 * `roundstate` (ours): sent to each socket right after it connects — also after a reconnection —
 * so the page resyncs the round, the totals, the player's own stakes and the previous results.
 */
export const KareraRoundStateSchema = z.object({
  roundId: z.nullable(RoundIdSchema),
  phase: z.nullable(KareraPhaseSchema),
  msLeft: MsLeftSchema,
  totals: KareraTotalBetSchema,
  /** The player's own stakes this round, [Uno, Dos], in pesos. */
  stakes: KareraTotalBetSchema,
  winner: z.nullable(KareraSideNameSchema),
  previous: KareraPreviousWinnerSchema,
  /** The player's balance in pesos, so a page that (re)connects shows it without an /account/ call. */
  Balance: PesoSchema,
});
export type KareraRoundState = z.infer<typeof KareraRoundStateSchema>;

/** What a settled bet returns. */
export type KareraOutcome = 'win' | 'lose' | 'refund';

/**
 * The payout of a bet on the winning side (docs/decisions/200): stake + stake × (losing total ÷ winning
 * total) − 10 % of the stake, in integer centavos, computed exactly and rounded DOWN once to the
 * centavo (the fraction stays with the house, so the payouts never exceed what was staked).
 * With nobody on the losing side the round has no opponents: the stake comes back in full.
 */
export function kareraWinPayoutCentavos(stakeCentavos: number, winningTotalCentavos: number, losingTotalCentavos: number): number {
  for (const value of [stakeCentavos, winningTotalCentavos, losingTotalCentavos]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('centavo amounts must be non-negative integers');
  }
  if (stakeCentavos === 0) return 0;
  if (winningTotalCentavos < stakeCentavos) throw new RangeError('the winning total includes the stake');
  if (losingTotalCentavos === 0) return stakeCentavos;
  const stake = BigInt(stakeCentavos);
  const winning = BigInt(winningTotalCentavos);
  const losing = BigInt(losingTotalCentavos);
  const percent = BigInt(KARERA_COMMISSION_PERCENT);
  // s + s·L/W − s·p/100 = s·((100 − p)·W + 100·L) / (100·W), floored (BigInt division truncates).
  return Number((stake * ((100n - percent) * winning + 100n * losing)) / (100n * winning));
}

/**
 * Settles one bet of a round. A bet on the winner wins (payout above), unless nobody bet on
 * the loser (refund). A bet on the loser loses, also when nobody picked the winner.
 */
export function settleKareraBet(
  bet: { side: KareraSide; stakeCentavos: number },
  round: { winner: KareraSide; unoTotalCentavos: number; dosTotalCentavos: number },
): { outcome: KareraOutcome; payoutCentavos: number } {
  if (bet.side !== round.winner) return { outcome: 'lose', payoutCentavos: 0 };
  const [winning, losing] =
    round.winner === 1 ? [round.unoTotalCentavos, round.dosTotalCentavos] : [round.dosTotalCentavos, round.unoTotalCentavos];
  if (losing === 0) return { outcome: 'refund', payoutCentavos: bet.stakeCentavos };
  return { outcome: 'win', payoutCentavos: kareraWinPayoutCentavos(bet.stakeCentavos, winning, losing) };
}

/**
 * The page's stake check (document 2, section 5): more than 0 and not above the balance (plus
 * whole centavos and the sanity limit the server applies too). False → alert 'Invalid Amount'.
 */
export function isValidKareraStake(amount: number | null | undefined, balance: number | null | undefined): boolean {
  if (typeof amount !== 'number' || typeof balance !== 'number') return false;
  return KareraStakeSchema.safeParse(amount).success && amount <= balance;
}

/** Payload of each event the game server sends, by event name (for typed sockets on both ends). */
export interface KareraServerPayloads {
  DeclareWinner: KareraDeclareWinner;
  previouswinner: KareraSide[];
  totalbet: KareraTotalBet;
  bettingclose: z.infer<typeof KareraBettingCloseSchema>;
  startbetting: z.infer<typeof KareraStartBettingSchema>;
  stopbetting: z.infer<typeof KareraStopBettingSchema>;
  betfailed: KareraBetFailed;
  betsuccessful: KareraBetSuccessful;
  roundstate: KareraRoundState;
}

/** Socket.io event maps: what the server emits and what the client emits. */
export type KareraServerToClientEvents = { [E in keyof KareraServerPayloads]: (payload: KareraServerPayloads[E]) => void };
export interface KareraClientToServerEvents {
  bet: (request: KareraBetRequest) => void;
}
