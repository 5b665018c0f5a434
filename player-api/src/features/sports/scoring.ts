import { randomInt } from 'node:crypto';
import {
  BET_STATUS,
  GAME_TYPE,
  MAX_OVERTIMES,
  OVERTIME_QUARTER,
  QUARTERS,
  SPORTS_PAYOUT_HUNDREDTHS,
  endingKindOfLength,
  payoutCentavos,
  scoreLegs,
} from '@suwerte/contracts';

/**
 * The results of a basketball game and what each kind of bet wins (decision 063), pure: the
 * progression draws periods, this module reads them. A period is one quarter (1–4) or overtime
 * (5, 6) with the points each team scored in it and who scored first.
 */

export interface Period {
  quarter: number;
  Team1: number;
  Team2: number;
  /** Who scored first in the period: 0 = Team 1, 1 = Team 2. */
  first: 0 | 1;
}

export type RandomInt = (min: number, maxInclusive: number) => number;
const cryptoRandom: RandomInt = (min, maxInclusive) => randomInt(min, maxInclusive + 1);

/** Points per team in a quarter, and in an overtime. */
const QUARTER_POINTS = { min: 14, max: 34 } as const;
const OVERTIME_POINTS = { min: 4, max: 16 } as const;

/** One period's points, drawn. */
export function drawPeriod(quarter: number, random: RandomInt = cryptoRandom): Period {
  const range = quarter >= OVERTIME_QUARTER ? OVERTIME_POINTS : QUARTER_POINTS;
  return { quarter, Team1: random(range.min, range.max), Team2: random(range.min, range.max), first: random(0, 1) === 0 ? 0 : 1 };
}

export function totals(periods: readonly Period[], upTo = Number.POSITIVE_INFINITY): { Team1: number; Team2: number } {
  let Team1 = 0;
  let Team2 = 0;
  for (const period of periods) {
    if (period.quarter > upTo) continue;
    Team1 += period.Team1;
    Team2 += period.Team2;
  }
  return { Team1, Team2 };
}

/**
 * The last period can never leave the game tied: after the second overtime a tie is broken by
 * a last free throw to the side that scored first in it (there is no third overtime).
 */
export function breakFinalTie(periods: readonly Period[], last: Period): Period {
  const score = totals([...periods, last]);
  if (last.quarter < OVERTIME_QUARTER + MAX_OVERTIMES - 1 || score.Team1 !== score.Team2) return last;
  return last.first === 0 ? { ...last, Team1: last.Team1 + 1 } : { ...last, Team2: last.Team2 + 1 };
}

/** Whether the game goes on after `periods`: into overtime when level after Q4 or OT1. */
export function needsAnotherPeriod(periods: readonly Period[]): boolean {
  const last = periods.at(-1)?.quarter ?? 0;
  if (last < QUARTERS) return true;
  if (last >= QUARTERS + MAX_OVERTIMES) return false;
  const score = totals(periods);
  return score.Team1 === score.Team2;
}

const find = (periods: readonly Period[], quarter: number) => periods.find((period) => period.quarter === quarter);

/** Ending result of a period: the last digits of the running score at its end `[t1, t2, quarter]`. */
export function endingResult(periods: readonly Period[], quarter: number): [number, number, number] | null {
  if (!find(periods, quarter)) return null;
  const score = totals(periods, quarter);
  return [score.Team1 % 10, score.Team2 % 10, quarter];
}

/** Quarter Prize result: the last digits of the points scored within the quarter. */
export function quarterResult(periods: readonly Period[], quarter: number): [number, number, number] | null {
  const period = find(periods, quarter);
  return period ? [period.Team1 % 10, period.Team2 % 10, quarter] : null;
}

/** Odd/Even of the points both teams scored in the quarter: 0 = Odd, 1 = Even (docs/decisions/200). */
export function oddEvenResult(periods: readonly Period[], quarter: number): [number, number] | null {
  const period = find(periods, quarter);
  return period ? [(period.Team1 + period.Team2) % 2 === 1 ? 0 : 1, quarter] : null;
}

/** First team to score in the quarter: 0 = Team 1, 1 = Team 2. */
export function firstToScoreResult(periods: readonly Period[], quarter: number): [number, number] | null {
  const period = find(periods, quarter);
  return period ? [period.first, quarter] : null;
}

/** The winner once the game is over: 0 = Team 1, 1 = Team 2. */
export function winnerResult(periods: readonly Period[]): [number] {
  const score = totals(periods);
  return [score.Team1 > score.Team2 ? 0 : 1];
}

/** The flat results a market's game carries (the bets module's `result`). */
export function endingResults(periods: readonly Period[]): number[] {
  return periods.flatMap((period) => endingResult(periods, period.quarter) ?? []);
}
export function quarterResults(periods: readonly Period[]): number[] {
  return periods.filter((period) => period.quarter <= QUARTERS).flatMap((period) => quarterResult(periods, period.quarter) ?? []);
}

// ── Settlement ──────────────────────────────────────────────────────────────────────────────

export type SettledStatus = typeof BET_STATUS.RETURN | typeof BET_STATUS.WIN | typeof BET_STATUS.LOSE;

export interface Outcome {
  status: SettledStatus;
  /** Paid back, stake included (0 for a loss). */
  payoutCentavos: number;
  /** For a jackpot entry: every line hit (it shares its pool). */
  jackpotHit?: boolean;
}

export interface BetToSettle {
  gameType: number;
  picks: readonly number[];
  /** Stakes of the legs, centavos (Amount, Amounttwo, …). */
  stakesCentavos: readonly number[];
}

const sameScore = (pick: readonly number[], result: readonly number[] | null) =>
  result !== null && pick[0] === result[0] && pick[1] === result[1];

const won = (payout: number): Outcome => (payout > 0 ? { status: BET_STATUS.WIN, payoutCentavos: payout } : { status: BET_STATUS.LOSE, payoutCentavos: 0 });

/**
 * What a bet wins given the periods played so far, or null while its result is not known yet.
 * `completed` says the game is over (overtime bets without overtime are returned then).
 */
export function settleOutcome(bet: BetToSettle, periods: readonly Period[], completed: boolean): Outcome | null {
  const [first = 0, second = 0, third = 0] = bet.picks;
  const stake = bet.stakesCentavos.reduce((sum, amount) => sum + amount, 0);
  switch (bet.gameType) {
    case GAME_TYPE.ENDING: {
      const kind = endingKindOfLength(bet.picks.length);
      if (kind === 'regular') {
        const result = endingResult(periods, third);
        if (result) return won(sameScore(bet.picks, result) ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.ending) : 0);
        // An overtime that was never played: the stake goes back.
        return completed ? { status: BET_STATUS.RETURN, payoutCentavos: stake } : null;
      }
      if (kind === null) return null;
      const legs = scoreLegs(bet.picks);
      const results = legs.map((leg) => endingResult(periods, leg[2]));
      if (results.some((result) => result === null)) return null;
      let payout = 0;
      legs.forEach((leg, index) => {
        const stakeOfLeg = bet.stakesCentavos[index] ?? 0;
        if (sameScore(leg, results[index] ?? null)) payout += payoutCentavos(stakeOfLeg, SPORTS_PAYOUT_HUNDREDTHS.ending);
      });
      const jackpotHit = legs.every((leg, index) => sameScore(leg, results[index] ?? null));
      return { ...won(payout), ...(jackpotHit ? { status: BET_STATUS.WIN, jackpotHit } : {}) };
    }
    case GAME_TYPE.ENDING_QUARTER_PRIZE: {
      const result = quarterResult(periods, third);
      if (!result) return null;
      return won(sameScore(bet.picks, result) ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.quarterPrize) : 0);
    }
    case GAME_TYPE.ENDING_REVERSE_PRIZE: {
      const result = quarterResult(periods, third);
      if (!result) return null;
      if (sameScore(bet.picks, result)) return won(payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.reverseExact));
      const reversed = first !== second && first === result[1] && second === result[0];
      return won(reversed ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.reverse) : 0);
    }
    case GAME_TYPE.ODD_EVEN: {
      const result = oddEvenResult(periods, second);
      if (!result) return null;
      return won(result[0] === first ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.oddEven) : 0);
    }
    case GAME_TYPE.FIRST_TEAM_TO_SCORE: {
      const result = firstToScoreResult(periods, second);
      if (!result) return null;
      return won(result[0] === first ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.firstTeamToScore) : 0);
    }
    case GAME_TYPE.TEAM_WINNER: {
      if (!completed) return null;
      // Picks [side, digits]: the side must win by more than `digits` points (0 = a straight win).
      const score = totals(periods);
      const margin = first === 0 ? score.Team1 - score.Team2 : score.Team2 - score.Team1;
      return won(margin > second ? payoutCentavos(stake, SPORTS_PAYOUT_HUNDREDTHS.teamWinner) : 0);
    }
    default:
      return null;
  }
}
