import { BET_STATUS, GAME_STATUS, GAME_TYPE, QUARTERS, endingKindOfLength, type JackpotKind } from '@suwerte/contracts';
import { sql } from 'kysely';
import { transaction } from '../../db/money';
import { forUpdate, type Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { JACKPOT_SEED } from '../seed/seed';
import { toCentavos } from '@suwerte/money';
import { setGameResult, settleBet } from '../bets/bets';
import { poolCentavos, resetPool } from '../jackpot/jackpot';
import type { SportsTimings } from './config';
import { MARKET_GAME_TYPE, MARKET_KINDS, MARKET_LABELS, loadGame, marketId, type LoadedGame, type MarketKind } from './games';
import {
  breakFinalTie,
  drawPeriod,
  endingResults,
  firstToScoreResult,
  needsAnotherPeriod,
  oddEvenResult,
  quarterResults,
  settleOutcome,
  winnerResult,
  type Outcome,
  type Period,
  type RandomInt,
} from './scoring';

/**
 * Games move on by the clock: tip-off at the scheduled time, then each quarter (and overtime)
 * ends after its duration — its points are drawn (or read from the game's plan), the markets'
 * results are written, and every bet whose result is now known is settled, all in one
 * transaction per period. Catch-up is exact: a period ends at its start + its duration, so a
 * server that was down plays the missed periods with their own times.
 */

export interface ProgressOptions {
  timings: SportsTimings;
  random?: RandomInt;
}

const JACKPOT_LABELS: Record<JackpotKind, string> = { minor: 'Minor Jackpot', major: 'Major Jackpot', grand: 'Grand Jackpot' };

const kindOfGameType = (gameType: number): MarketKind => MARKET_KINDS.find((kind) => MARKET_GAME_TYPE[kind] === gameType) ?? 'ending';

function periodDuration(status: number, timings: SportsTimings): number {
  return status <= GAME_STATUS.Q4 ? timings.quarterMs : timings.overtimeMs;
}

/** When the period in play ends (null before tip-off or once completed). */
export function periodEndsAt(game: Pick<LoadedGame['row'], 'status' | 'phase_started_at'>, timings: SportsTimings): Date | null {
  if (game.status === GAME_STATUS.SCHEDULED || game.status === GAME_STATUS.COMPLETED || !game.phase_started_at) return null;
  return new Date(Date.parse(game.phase_started_at) + periodDuration(game.status, timings));
}

/**
 * Plays every step of one game that is due at `now`. Returns how many steps were taken (0 when
 * nothing was due, which takes no write lock).
 */
export async function advanceGame(store: Store, gameId: string, now: Date, options: ProgressOptions): Promise<number> {
  // Most calls find nothing due: they must not take the write lock that bets need.
  if (!(await dueGameIds(store.db, now, options.timings, gameId)).length) return 0;
  let steps = 0;
  for (;;) {
    // One transaction per period, the game's row locked (PostgreSQL): a second node or a
    // concurrent request finds the period already played and does nothing.
    const stepped = await transaction(store, async (q) => {
      const game = await loadGame(q, gameId, { lock: true });
      if (!game) return false;
      return step(q, game, now, options);
    });
    if (!stepped) return steps;
    steps += 1;
  }
}

interface ProgressRow {
  id: string;
  status: number;
  schedule: string;
  phase_started_at: string | null;
}

/** When a game's next step falls due (ms since the epoch): tip-off, or the end of the period in play; null once completed. */
function nextStepOf(row: Omit<ProgressRow, 'id'>, timings: SportsTimings): number | null {
  if (row.status === GAME_STATUS.SCHEDULED) return Date.parse(row.schedule);
  return periodEndsAt(row, timings)?.getTime() ?? null;
}

/** Whether the game, as its row was just read, has a step due at `now` (what `advanceGame` would play). */
export function stepIsDue(row: Omit<ProgressRow, 'id'>, now: Date, timings: SportsTimings): boolean {
  const next = nextStepOf(row, timings);
  return next !== null && next <= now.getTime();
}

async function unfinishedGames(q: Q, only?: string): Promise<ProgressRow[]> {
  const { rows } = only
    ? await sql<ProgressRow>`SELECT id, status, schedule, phase_started_at FROM sports_games WHERE id = ${only} AND status < ${GAME_STATUS.COMPLETED}`.execute(q)
    : await sql<ProgressRow>`SELECT id, status, schedule, phase_started_at FROM sports_games WHERE status < ${GAME_STATUS.COMPLETED} ORDER BY schedule`.execute(q);
  return rows;
}

/** Games (all, or the one named) that have a step due at `now`. */
export async function dueGameIds(q: Q, now: Date, timings: SportsTimings, only?: string): Promise<string[]> {
  return (await unfinishedGames(q, only)).filter((row) => stepIsDue(row, now, timings)).map((row) => row.id);
}

/** Plays every step due at `now` on every game. Returns the steps taken. */
export async function advanceAll(store: Store, now: Date, options: ProgressOptions): Promise<number> {
  let steps = 0;
  for (const id of await dueGameIds(store.db, now, options.timings)) steps += await advanceGame(store, id, now, options);
  return steps;
}

/** When the earliest step of any game falls due (ms since the epoch), or null if no game has one pending. */
export async function nextStepAt(q: Q, timings: SportsTimings): Promise<number | null> {
  let earliest: number | null = null;
  for (const row of await unfinishedGames(q)) {
    const next = nextStepOf(row, timings);
    if (next !== null && (earliest === null || next < earliest)) earliest = next;
  }
  return earliest;
}

async function step(q: Q, game: LoadedGame, now: Date, options: ProgressOptions): Promise<boolean> {
  const { row } = game;
  if (row.status === GAME_STATUS.COMPLETED) return false;
  if (row.status === GAME_STATUS.SCHEDULED) {
    if (Date.parse(row.schedule) > now.getTime()) return false;
    await sql`UPDATE sports_games SET status = ${GAME_STATUS.Q1}, phase_started_at = ${row.schedule} WHERE id = ${row.id}`.execute(q);
    return true;
  }
  const end = periodEndsAt(row, options.timings);
  if (!end || end.getTime() > now.getTime()) return false;

  const plan = row.plan ? (JSON.parse(row.plan) as Period[]) : null;
  const drawn = plan?.find((period) => period.quarter === row.status) ?? drawPeriod(row.status, options.random);
  const period = breakFinalTie(game.periods, { ...drawn, quarter: row.status });
  const periods = [...game.periods, period];
  const completed = !needsAnotherPeriod(periods);
  const status = completed ? GAME_STATUS.COMPLETED : row.status + 1;
  await sql`
    UPDATE sports_games SET status = ${status}, phase_started_at = ${end.toISOString()}, periods = ${JSON.stringify(periods)},
      completed_at = ${completed ? end.toISOString() : null}
    WHERE id = ${row.id}`.execute(q);
  const played: LoadedGame = { ...game, row: { ...row, status }, periods };
  await writeResults(q, played, completed);
  await settleDue(q, played, completed, end);
  return true;
}

/** Writes each market's results so far on its game of the bets module (the histories show them). */
async function writeResults(q: Q, game: LoadedGame, completed: boolean): Promise<void> {
  const { periods } = game;
  const set = async (kind: MarketKind, result: number[], quarter = 0) => {
    const id = marketId(game, kind, quarter);
    if (id && result.length > 0) await setGameResult(q, id, result);
  };
  await set('ending', endingResults(periods));
  await set('endingwq', quarterResults(periods));
  await set('endingwqr', quarterResults(periods));
  for (const period of periods) {
    if (period.quarter > QUARTERS) continue;
    await set('oddeven', oddEvenResult(periods, period.quarter) ?? [], period.quarter);
    await set('ftts', firstToScoreResult(periods, period.quarter) ?? [], period.quarter);
  }
  await set('oddeven', periods.filter((period) => period.quarter <= QUARTERS).flatMap((period) => oddEvenResult(periods, period.quarter) ?? []));
  await set('ftts', periods.filter((period) => period.quarter <= QUARTERS).flatMap((period) => firstToScoreResult(periods, period.quarter) ?? []));
  if (completed) await set('teambetting', winnerResult(periods));
}

interface OpenBet {
  id: string;
  game_type: number;
  details: string;
  amount_centavos: number;
  amount2_centavos: number | null;
  amount3_centavos: number | null;
  amount4_centavos: number | null;
}

interface Decided {
  bet: OpenBet;
  outcome: Outcome;
  label: string;
  stakeCentavos: number;
  jackpot: JackpotKind | null;
}

/**
 * Settles every ongoing bet of the game whose result is known. A jackpot entry whose every line
 * hit also shares its pool with the entries of the same kind settled with it (pro rata to their
 * stakes, rounded down); the pool then restarts from its base (decision 063).
 */
export async function settleDue(q: Q, game: LoadedGame, completed: boolean, at: Date): Promise<number> {
  const ids = game.markets.map((market) => market.id);
  if (ids.length === 0) return 0;
  const { rows: bets } = await sql<OpenBet>`
    SELECT b.id, g.game_type, b.details, b.amount_centavos, b.amount2_centavos, b.amount3_centavos, b.amount4_centavos
    FROM bets b JOIN games g ON g.id = b.game_id
    WHERE b.game_id IN (${sql.join(ids)}) AND b.status = ${BET_STATUS.ONGOING} ORDER BY b.rowid`.execute(q);
  const match = `${game.team1.Acronym} vs ${game.team2.Acronym}`;
  const decided: Decided[] = [];
  for (const bet of bets) {
    const picks = (JSON.parse(bet.details) as number[][])[0] ?? [];
    const stakes = [bet.amount_centavos, bet.amount2_centavos, bet.amount3_centavos, bet.amount4_centavos].filter((amount): amount is number => amount !== null);
    const outcome = settleOutcome({ gameType: bet.game_type, picks, stakesCentavos: stakes }, game.periods, completed);
    if (!outcome) continue;
    const endingKind = bet.game_type === GAME_TYPE.ENDING ? endingKindOfLength(picks.length) : null;
    const jackpot = endingKind && endingKind !== 'regular' ? endingKind : null;
    const label = jackpot ? JACKPOT_LABELS[jackpot] : MARKET_LABELS[kindOfGameType(bet.game_type)];
    decided.push({ bet, outcome, label, stakeCentavos: stakes.reduce((sum, amount) => sum + amount, 0), jackpot });
  }

  for (const kind of ['minor', 'major', 'grand'] as const) {
    const hits = decided.filter((entry) => entry.jackpot === kind && entry.outcome.jackpotHit);
    if (hits.length === 0) continue;
    // PostgreSQL: the pools' row locked, so a jackpot settled on another game (or node) at the same time cannot share the same pool.
    await sql`SELECT id FROM jackpot WHERE id = 1${forUpdate(q)}`.execute(q);
    const pool = await poolCentavos(q, kind);
    const staked = hits.reduce((sum, entry) => sum + entry.stakeCentavos, 0);
    for (const entry of hits) {
      const share = Math.floor((pool * entry.stakeCentavos) / staked);
      entry.outcome = { ...entry.outcome, status: BET_STATUS.WIN, payoutCentavos: entry.outcome.payoutCentavos + share };
    }
    await resetPool(q, kind, toCentavos(JACKPOT_SEED[POOL_NAME[kind]]), at);
  }

  for (const { bet, outcome, label } of decided) {
    const description =
      outcome.status === BET_STATUS.WIN ? `${label} win, ${match}` : outcome.status === BET_STATUS.RETURN ? `${label} returned, ${match}` : `${label} lost, ${match}`;
    await settleBet(q, { betId: bet.id, status: outcome.status, payoutCentavos: outcome.payoutCentavos, description, now: at });
  }
  return decided.length;
}

const POOL_NAME = { minor: 'Minor', major: 'Major', grand: 'Grand' } as const;
