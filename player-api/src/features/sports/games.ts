import {
  BETTING_CLOSED,
  BETTING_IN_PLAY,
  BETTING_OPEN,
  ENDING_MARKET_CLOSED,
  GAME_STATUS,
  GAME_TYPE,
  QUARTERS,
  type ScheduledGame,
  type Team,
} from '@suwerte/contracts';
import { sql } from 'kysely';
import { forUpdate, isPostgres } from '../../db/store';
import type { Q } from '../../db/tables';
import { newId } from '../../lib/ids';
import { fromCentavos } from '@suwerte/money';
import { createGame } from '../bets/bets';
import { endingResult, firstToScoreResult, oddEvenResult, type Period } from './scoring';

/**
 * Scheduled basketball games and their markets (sub-games). Each market is a game of the bets
 * module, so its bets, results and histories work like every other game's; Odd/Even and First
 * Team To Score have a game per quarter as well, where their bets go.
 */

export const MARKET_KINDS = ['ending', 'endingwq', 'endingwqr', 'ftts', 'oddeven', 'teambetting'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

export const MARKET_GAME_TYPE: Record<MarketKind, number> = {
  ending: GAME_TYPE.ENDING,
  endingwq: GAME_TYPE.ENDING_QUARTER_PRIZE,
  endingwqr: GAME_TYPE.ENDING_REVERSE_PRIZE,
  ftts: GAME_TYPE.FIRST_TEAM_TO_SCORE,
  oddeven: GAME_TYPE.ODD_EVEN,
  teambetting: GAME_TYPE.TEAM_WINNER,
};

/** A market's name, as bets' ledger lines and the game site say it. */
export const MARKET_LABELS: Record<MarketKind, string> = {
  ending: 'Ending',
  endingwq: 'Quarter Prize',
  endingwqr: 'Quarter & Reverse Prize',
  ftts: 'First Team To Score',
  oddeven: 'Odd/Even',
  teambetting: 'Team Winner',
};

/** Markets whose bets are placed per quarter (a game of the bets module per quarter). */
export const PER_QUARTER_MARKETS: ReadonlySet<MarketKind> = new Set(['ftts', 'oddeven']);

export interface TeamRow {
  id: string;
  name: string;
  acronym: string;
  league: string;
  color: string;
}

/** The demo logo of a team, served by this API (a coloured badge with the acronym). */
export const logoPath = (acronym: string) => `/sports/logos/${encodeURIComponent(acronym)}.svg`;

export function teamOf(row: TeamRow, publicUrl: string): Team {
  return { TeamName: row.name, Acronym: row.acronym, League: row.league, ImageLink: `${publicUrl}${logoPath(row.acronym)}` };
}

export interface SportsGameRow {
  id: string;
  team1_id: string;
  team2_id: string;
  schedule: string;
  status: number;
  phase_started_at: string | null;
  periods: string;
  plan: string | null;
  maxbet_centavos: number;
  minbet_centavos: number;
  demo: number;
  created_at: string;
  completed_at: string | null;
}

export interface Market {
  kind: MarketKind;
  quarter: number;
  id: string;
}

export interface LoadedGame {
  row: SportsGameRow;
  periods: Period[];
  markets: Market[];
  team1: Team;
  team2: Team;
}

export interface NewSportsGame {
  team1: TeamRow;
  team2: TeamRow;
  schedule: Date;
  /** The markets offered; every kind by default. The Ending is always offered. */
  markets?: readonly MarketKind[];
  maxbetCentavos: number;
  minbetCentavos: number;
  /** Periods drawn in advance (demo games and tests); otherwise each is drawn when it ends. */
  plan?: readonly Period[] | null;
  demo?: boolean;
  publicUrl: string;
  now: Date;
}

/**
 * Creates a game, its markets and their games in the bets module (inside the caller's
 * transaction: `transaction(store, (q) => createSportsGame(q, …))`). Returns its id.
 */
export async function createSportsGame(q: Q, game: NewSportsGame): Promise<string> {
  const kinds = new Set<MarketKind>(['ending', ...(game.markets ?? MARKET_KINDS)]);
  const team1 = teamOf(game.team1, game.publicUrl);
  const team2 = teamOf(game.team2, game.publicUrl);
  const id = newId();
  await sql`
    INSERT INTO sports_games (id, team1_id, team2_id, schedule, plan, maxbet_centavos, minbet_centavos, demo, created_at)
    VALUES (${id}, ${game.team1.id}, ${game.team2.id}, ${game.schedule.toISOString()}, ${game.plan ? JSON.stringify(game.plan) : null},
            ${game.maxbetCentavos}, ${game.minbetCentavos}, ${game.demo ? 1 : 0}, ${game.now.toISOString()})`.execute(q);
  for (const kind of MARKET_KINDS) {
    if (!kinds.has(kind)) continue;
    const quarters = PER_QUARTER_MARKETS.has(kind) ? [0, 1, 2, 3, 4] : [0];
    for (const quarter of quarters) {
      const betGameId = await createGame(q, { gameType: MARKET_GAME_TYPE[kind], team1, team2, schedule: game.schedule, now: game.now });
      await sql`INSERT INTO sports_markets (game_id, kind, quarter, bet_game_id) VALUES (${id}, ${kind}, ${quarter}, ${betGameId})`.execute(q);
    }
  }
  return id;
}

/** A game with its Ending's teams; the markets are read apart (no JSON aggregation: portable SQL). */
const GAME_SELECT = sql`
  SELECT g.id, g.team1_id, g.team2_id, g.schedule, g.status, g.phase_started_at, g.periods, g.plan, g.maxbet_centavos,
         g.minbet_centavos, g.demo, g.created_at, g.completed_at, eg.team1 AS team1_json, eg.team2 AS team2_json
  FROM sports_games g
  JOIN sports_markets em ON em.game_id = g.id AND em.kind = 'ending' AND em.quarter = 0
  JOIN games eg ON eg.id = em.bet_game_id`;

interface GameSelectRow extends SportsGameRow {
  team1_json: string;
  team2_json: string;
}

/** The markets of the games given, by game id (one query per 500 games). */
async function marketsOf(q: Q, gameIds: readonly string[]): Promise<Map<string, Market[]>> {
  const byGame = new Map<string, Market[]>(gameIds.map((id) => [id, []]));
  for (let start = 0; start < gameIds.length; start += 500) {
    const chunk = gameIds.slice(start, start + 500);
    const { rows } = await sql<{ game_id: string; kind: MarketKind; quarter: number; bet_game_id: string }>`
      SELECT game_id, kind, quarter, bet_game_id FROM sports_markets WHERE game_id IN (${sql.join(chunk)})`.execute(q);
    for (const row of rows) byGame.get(row.game_id)?.push({ kind: row.kind, quarter: row.quarter, id: row.bet_game_id });
  }
  return byGame;
}

async function toLoaded(q: Q, rows: readonly GameSelectRow[]): Promise<LoadedGame[]> {
  const markets = await marketsOf(
    q,
    rows.map((row) => row.id),
  );
  return rows.map(({ team1_json, team2_json, ...game }) => ({
    row: game,
    periods: JSON.parse(game.periods) as Period[],
    markets: markets.get(game.id) ?? [],
    team1: JSON.parse(team1_json) as Team,
    team2: JSON.parse(team2_json) as Team,
  }));
}

/**
 * A game with its markets, or null. `lock`: the game's row stays locked until the transaction
 * ends on PostgreSQL (bets that check the game's state and its slots, and the period that
 * changes them, queue on it); SQLite's writer already holds the whole database.
 */
export async function loadGame(q: Q, id: string, { lock = false }: { lock?: boolean } = {}): Promise<LoadedGame | null> {
  if (lock && isPostgres(q)) await sql`SELECT id FROM sports_games WHERE id = ${id}${forUpdate(q)}`.execute(q);
  const { rows } = await sql<GameSelectRow>`${GAME_SELECT} WHERE g.id = ${id}`.execute(q);
  return (await toLoaded(q, rows))[0] ?? null;
}

/** The market a bets-module game belongs to (its game, kind and quarter), or null. */
export async function findMarket(q: Q, betGameId: string): Promise<{ gameId: string; kind: MarketKind; quarter: number } | null> {
  const { rows } = await sql<{ game_id: string; kind: MarketKind; quarter: number }>`
    SELECT game_id, kind, quarter FROM sports_markets WHERE bet_game_id = ${betGameId}`.execute(q);
  const row = rows[0];
  return row ? { gameId: row.game_id, kind: row.kind, quarter: row.quarter } : null;
}

export const marketId = (game: Pick<LoadedGame, 'markets'>, kind: MarketKind, quarter = 0): string | null =>
  game.markets.find((market) => market.kind === kind && market.quarter === quarter)?.id ?? null;

/** The Ending's id (every game offers the Ending). */
export function endingIdOf(game: Pick<LoadedGame, 'markets'>): string {
  const id = marketId(game, 'ending');
  if (!id) throw new Error('a game without its Ending market');
  return id;
}

/** EndingBettingStatus by game status: the first quarter still open, 5 during Q4 (overtime only), 0 closed. */
export function endingBettingStatus(status: number): number {
  if (status === GAME_STATUS.SCHEDULED) return 1;
  if (status <= GAME_STATUS.Q4) return status + 1;
  return ENDING_MARKET_CLOSED;
}

/**
 * The Ending's BettingStatus by game status (docs/decisions/191): 1 (open) before tip-off — the
 * Grand's rule is "BettingStatus not 1: closed", and its lines are Q1–Q4 —, 2 (in play) while
 * quarters or the overtime are still to be bet on (EndingBettingStatus says which), 0 (closed)
 * once the Ending market has closed.
 */
export function endingOpenStatus(status: number): number {
  if (status === GAME_STATUS.SCHEDULED) return BETTING_OPEN;
  return endingBettingStatus(status) === ENDING_MARKET_CLOSED ? BETTING_CLOSED : BETTING_IN_PLAY;
}

export function toScheduledGame(game: LoadedGame): ScheduledGame {
  const { row, periods } = game;
  const ebs = endingBettingStatus(row.status);
  const quarters = periods.filter((period) => period.quarter <= QUARTERS);
  const sub = (kind: MarketKind) => {
    const id = marketId(game, kind);
    return id ? { _id: id } : null;
  };
  const withResults = (kind: MarketKind, result: (quarter: number) => number[] | null) => {
    const id = marketId(game, kind);
    return id ? { _id: id, ResultId: quarters.map((period) => ({ result: result(period.quarter) ?? [] })) } : null;
  };
  return {
    _id: row.id,
    Schedule: row.schedule,
    Status: row.status,
    Team1: game.team1,
    Team2: game.team2,
    createdAt: row.created_at,
    Ending: {
      _id: endingIdOf(game),
      maxbet: fromCentavos(row.maxbet_centavos),
      minbet: fromCentavos(row.minbet_centavos),
      BettingStatus: endingOpenStatus(row.status),
      ResultId: periods.map((period) => ({ result: endingResult(periods, period.quarter) ?? [] })),
    },
    Endingwq: sub('endingwq'),
    Endingwqr: sub('endingwqr'),
    FTTS: withResults('ftts', (quarter) => firstToScoreResult(periods, quarter)),
    OddEven: withResults('oddeven', (quarter) => oddEvenResult(periods, quarter)),
    Teambetting: sub('teambetting'),
    EndingBettingStatus: ebs,
    Endingmin: fromCentavos(row.minbet_centavos),
    Scores: periods.map((period) => ({ quarter: period.quarter, Team1: period.Team1, Team2: period.Team2 })),
  };
}

const HOUR_MS = 3_600_000;
/** The schedule shows completed games of the last 12 hours, and games up to 7 days ahead. */
export const SCHEDULE_COMPLETED_HOURS = 12;
export const SCHEDULE_AHEAD_DAYS = 7;
/** GET /finishedgames/basketball/limit: the most recent completed games. */
export const FINISHED_GAMES_LIMIT = 30;

/** GET /schedule: games in play or to come (up to 7 days ahead) and those completed in the last 12 hours, by tip-off. */
export async function listSchedule(q: Q, now: Date): Promise<ScheduledGame[]> {
  const ahead = new Date(now.getTime() + SCHEDULE_AHEAD_DAYS * 24 * HOUR_MS).toISOString();
  const since = new Date(now.getTime() - SCHEDULE_COMPLETED_HOURS * HOUR_MS).toISOString();
  const { rows } = await sql<GameSelectRow>`
    ${GAME_SELECT} WHERE g.schedule <= ${ahead} AND (g.status < ${GAME_STATUS.COMPLETED} OR g.completed_at >= ${since}) ORDER BY g.schedule, g.id`.execute(q);
  return (await toLoaded(q, rows)).map(toScheduledGame);
}

/** GET /finishedgames/basketball/limit: the last completed games, newest first. */
export async function listFinished(q: Q, limit = FINISHED_GAMES_LIMIT): Promise<ScheduledGame[]> {
  const { rows } = await sql<GameSelectRow>`
    ${GAME_SELECT} WHERE g.status = ${GAME_STATUS.COMPLETED} ORDER BY g.completed_at DESC, g.id DESC LIMIT ${limit}`.execute(q);
  return (await toLoaded(q, rows)).map(toScheduledGame);
}
