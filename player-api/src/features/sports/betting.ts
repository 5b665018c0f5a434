import {
  BET_STATUS,
  GAME_STATUS,
  JACKPOT_ATTENDANCE,
  JACKPOT_MIN_BET,
  JACKPOT_STAKED_LINES,
  JACKPOT_TEXTS,
  OVERTIME_QUARTER,
  QUARTERS,
  SPORTS_TEXTS,
  endingKindOfLength,
  isJackpotClosed,
  openQuarters,
  scoreLegs,
  type BetSet,
  type JackpotKind,
  type Slot,
} from '@suwerte/contracts';
import { sql } from 'kysely';
import { isPostgres } from '../../db/store';
import type { Q } from '../../db/tables';
import { HttpError } from '../../lib/errors';
import { fromCentavos, toCentavos } from '@suwerte/money';
import { placeBet, restakeBet, type BetsTable } from '../bets/bets';
import { appendEntry } from '../ledger/ledger';
import { creditPool } from '../jackpot/jackpot';
import { MARKET_LABELS, endingBettingStatus, endingIdOf, endingOpenStatus, findMarket, loadGame, marketId, type LoadedGame, type MarketKind } from './games';

/**
 * Placing and editing basketball bets. Every check that depends on the game (open or closed,
 * the per-slot maximum) runs in the same transaction as the bet and its money — on SQLite the
 * money change's BEGIN IMMEDIATE holds the database, on PostgreSQL the game's row is locked
 * (`loadGame(…, { lock: true })`) before anything is checked — so two bets can never both take
 * the last of a slot, on one node or several (decisions 060–064). Run these inside
 * `moneyChange(store, (q) => …)`.
 */

const ATTENDANCE_CENTAVOS = toCentavos(JACKPOT_ATTENDANCE);

/** Refusals with the page's own texts; 409 when the game's state refuses, 404 for what does not exist. */
const closed = (text: string) => new HttpError(409, text);
const exceeded = (text: string) => new HttpError(409, text);
const notFound = (text: string) => new HttpError(404, text);

/** The game of an Ending id, or 404; `lock`: see loadGame. */
export async function gameOfEnding(q: Q, endingId: string, options: { lock?: boolean } = {}): Promise<LoadedGame> {
  const market = await findMarket(q, endingId);
  const game = market && market.kind === 'ending' && market.quarter === 0 ? await loadGame(q, market.gameId, options) : null;
  if (!game) throw notFound(SPORTS_TEXTS.unknownGame);
  return game;
}

// ── The per-slot maximum ────────────────────────────────────────────────────────────────────

/** Centavos still available on a slot pair and quarter of an Ending. */
export async function availableCentavos(q: Q, game: LoadedGame, slot: Slot | { slot1: number; slot2: number; quarter: number }): Promise<number> {
  const { rows } = await sql<{ staked_centavos: number }>`
    SELECT staked_centavos FROM sports_slot_stakes
    WHERE ending_id = ${endingIdOf(game)} AND slot1 = ${slot.slot1} AND slot2 = ${slot.slot2} AND quarter = ${slot.quarter}`.execute(q);
  const staked = rows[0];
  return Math.max(0, game.row.maxbet_centavos - (staked?.staked_centavos ?? 0));
}

/** The CARD grid: `[slot1][slot2][quarter - 1]` in pesos, quarters 1–4. */
export async function availabilityGrid(q: Q, game: LoadedGame): Promise<number[][][]> {
  const max = game.row.maxbet_centavos;
  const grid = Array.from({ length: 10 }, () => Array.from({ length: 10 }, () => Array.from({ length: QUARTERS }, () => fromCentavos(max))));
  const { rows } = await sql<{ slot1: number; slot2: number; quarter: number; staked_centavos: number }>`
    SELECT slot1, slot2, quarter, staked_centavos FROM sports_slot_stakes WHERE ending_id = ${endingIdOf(game)} AND quarter <= ${QUARTERS}`.execute(q);
  for (const row of rows) {
    const cell = grid[row.slot1]?.[row.slot2];
    if (cell) cell[row.quarter - 1] = fromCentavos(Math.max(0, max - row.staked_centavos));
  }
  return grid;
}

/**
 * Takes (or, with a negative amount, gives back) stake on a slot. Refuses with `text` what the
 * slot no longer has; the table's CHECK is the backstop if a caller ever forgets to ask.
 */
async function reserve(q: Q, game: LoadedGame, slot: { slot1: number; slot2: number; quarter: number }, centavos: number, text: string): Promise<void> {
  if (centavos === 0) return;
  const endingId = endingIdOf(game);
  if (centavos < 0) {
    await sql`
      UPDATE sports_slot_stakes SET staked_centavos = staked_centavos + ${centavos}
      WHERE ending_id = ${endingId} AND slot1 = ${slot.slot1} AND slot2 = ${slot.slot2} AND quarter = ${slot.quarter}`.execute(q);
    return;
  }
  if (centavos > (await availableCentavos(q, game, slot))) throw exceeded(text);
  await sql`
    INSERT INTO sports_slot_stakes (ending_id, slot1, slot2, quarter, staked_centavos, limit_centavos)
    VALUES (${endingId}, ${slot.slot1}, ${slot.slot2}, ${slot.quarter}, ${centavos}, ${game.row.maxbet_centavos})
    ON CONFLICT (ending_id, slot1, slot2, quarter) DO UPDATE SET staked_centavos = sports_slot_stakes.staked_centavos + excluded.staked_centavos`.execute(q);
}

// ── Jackpot entries ─────────────────────────────────────────────────────────────────────────

export interface JackpotEntry {
  userId: string;
  endingId: string;
  kind: JackpotKind;
  /** The lines in order; `amountCentavos` null for the Grand Jackpot line (Q4, paid by the attendance). */
  lines: readonly { slot1: number; slot2: number; quarter: number; amountCentavos: number | null }[];
  now: Date;
}

const CLOSED_TEXT: Record<JackpotKind, string> = { minor: JACKPOT_TEXTS.closed, major: JACKPOT_TEXTS.closed, grand: JACKPOT_TEXTS.grandClosed };
const MAXIMUM_TEXT: Record<JackpotKind, string> = { minor: JACKPOT_TEXTS.maximum, major: JACKPOT_TEXTS.maximum, grand: JACKPOT_TEXTS.grandMaximum };
const MINIMUM_TEXT: Record<JackpotKind, string> = { minor: JACKPOT_TEXTS.minimum, major: JACKPOT_TEXTS.minimum, grand: JACKPOT_TEXTS.grandMinimum };
const MIN_BET_CENTAVOS = toCentavos(JACKPOT_MIN_BET);
const ENTRY_LABEL: Record<JackpotKind, string> = { minor: 'Minor Jackpot', major: 'Major Jackpot', grand: 'Grand Jackpot' };

const matchOf = (game: LoadedGame) => `${game.team1.Acronym} vs ${game.team2.Acronym}`;

/** The spec's closing rule for the kind, and (Minor/Major) every line on a quarter not yet started. */
function requireJackpotOpen(game: LoadedGame, kind: JackpotKind, quarters: readonly number[]): void {
  const ebs = endingBettingStatus(game.row.status);
  const view = { EndingBettingStatus: ebs, Ending: { BettingStatus: endingOpenStatus(game.row.status) } };
  if (isJackpotClosed(kind, view)) throw closed(CLOSED_TEXT[kind]);
  const open = openQuarters(ebs);
  if (kind !== 'grand' && quarters.some((quarter) => !open.includes(quarter))) throw closed(SPORTS_TEXTS.quarterClosed);
}

/**
 * Places a Minor, Major or Grand entry: the bet (its stakes debited), the ₱5 Grand Jackpot
 * attendance debited and added to the Grand pool, and the stakes taken from their slots — one
 * transaction. Returns the set and the balance after.
 */
export async function placeJackpotEntry(q: Q, entry: JackpotEntry): Promise<{ set: BetSet; balanceCentavos: number }> {
  const game = await gameOfEnding(q, entry.endingId, { lock: true });
  requireJackpotOpen(
    game,
    entry.kind,
    entry.lines.map((line) => line.quarter),
  );
  const staked = entry.lines.filter((line): line is typeof line & { amountCentavos: number } => line.amountCentavos !== null);
  for (const line of staked) await reserve(q, game, line, line.amountCentavos, MAXIMUM_TEXT[entry.kind]);
  const label = ENTRY_LABEL[entry.kind];
  const { betId } = await placeBet(q, {
    userId: entry.userId,
    gameId: endingIdOf(game),
    details: [entry.lines.flatMap((line) => [line.slot1, line.slot2, line.quarter])],
    amountsCentavos: staked.map((line) => line.amountCentavos),
    description: `${label} bet, ${matchOf(game)}`,
    now: entry.now,
  });
  const { balanceCentavos } = await appendEntry(q, {
    userId: entry.userId,
    amountCentavos: -ATTENDANCE_CENTAVOS,
    kind: 'attendance',
    reference: betId,
    description: `Grand Jackpot attendance, ${label} entry`,
    at: entry.now,
  });
  await creditPool(q, 'grand', ATTENDANCE_CENTAVOS, entry.now);
  return { set: await requireSet(q, betId), balanceCentavos };
}

type SetRow = Pick<BetsTable, 'id' | 'user_id' | 'game_id' | 'details' | 'amount_centavos' | 'amount2_centavos' | 'amount3_centavos' | 'status' | 'created_at'>;

function toSet(row: SetRow): BetSet {
  return {
    _id: row.id,
    Amount: fromCentavos(row.amount_centavos),
    Amounttwo: fromCentavos(row.amount2_centavos ?? 0),
    ...(row.amount3_centavos === null ? {} : { Amountthree: fromCentavos(row.amount3_centavos) }),
    BetDetails: JSON.parse(row.details) as number[][],
    createdAt: row.created_at,
  };
}

const SET_SELECT = sql`SELECT id, user_id, game_id, details, amount_centavos, amount2_centavos, amount3_centavos, status, created_at FROM bets`;

async function setRow(q: Q, betId: string, userId?: string): Promise<SetRow | undefined> {
  const { rows } = await sql<SetRow>`${SET_SELECT} WHERE id = ${betId}${userId === undefined ? sql`` : sql` AND user_id = ${userId}`}`.execute(q);
  return rows[0];
}

async function requireSet(q: Q, betId: string): Promise<BetSet> {
  const row = await setRow(q, betId);
  if (!row) throw notFound(SPORTS_TEXTS.unknownBet);
  return toSet(row);
}

const LENGTH_OF: Record<JackpotKind, number> = { minor: 6, major: 9, grand: 12 };

/** The caller's active (ongoing) sets of one kind on an Ending, newest first. */
export async function activeSets(q: Q, userId: string, endingId: string, kind: JackpotKind): Promise<BetSet[]> {
  // The kind is the length of the picks (BetDetails[0]): told apart here, not with the engines' JSON functions.
  const { rows } = await sql<SetRow>`
    ${SET_SELECT} WHERE user_id = ${userId} AND game_id = ${endingId} AND status = ${BET_STATUS.ONGOING}
    ORDER BY created_at DESC, rowid DESC`.execute(q);
  return rows.filter((row) => ((JSON.parse(row.details) as number[][])[0] ?? []).length === LENGTH_OF[kind]).map(toSet);
}

export interface JackpotEdit {
  userId: string;
  betId: string;
  /** The set's rows with their new amounts (a Grand set may leave out its Q4 line). */
  lines: readonly { slot1: number; slot2: number; quarter: number; amountCentavos: number }[];
  now: Date;
}

/**
 * Changes the amounts of the caller's ongoing jackpot set while its betting is open: the slots
 * take or give back the difference, and the ledger moves it, in one transaction. Setting the
 * same amounts again changes nothing.
 */
export async function editJackpotEntry(q: Q, edit: JackpotEdit): Promise<{ set: BetSet; balanceCentavos: number }> {
  const found = await setRow(q, edit.betId, edit.userId);
  const market = found ? await findMarket(q, found.game_id) : null;
  // The game's row first (PostgreSQL: locked, as the period that settles this bet locks it), then the bet read again under it.
  const game = found && market && market.kind === 'ending' ? await gameOfEnding(q, found.game_id, { lock: true }) : null;
  const row = game && isPostgres(q) ? await setRow(q, edit.betId, edit.userId) : found;
  const legs = row ? scoreLegs((JSON.parse(row.details) as number[][])[0] ?? []) : [];
  const kind = row ? endingKindOfLength(legs.length * 3) : null;
  if (!row || !game || !kind || kind === 'regular') throw notFound(SPORTS_TEXTS.unknownBet);
  if (row.status !== BET_STATUS.ONGOING) throw closed(CLOSED_TEXT[kind]);
  requireJackpotOpen(
    game,
    kind,
    legs.map((leg) => leg[2]),
  );

  const stakedCount = JACKPOT_STAKED_LINES[kind];
  const lines = edit.lines;
  const fits = lines.length === stakedCount || (kind === 'grand' && lines.length === legs.length);
  const sameSlots = lines.every((line, index) => {
    const leg = legs[index];
    return leg !== undefined && leg[0] === line.slot1 && leg[1] === line.slot2 && leg[2] === line.quarter;
  });
  if (!fits || !sameSlots) throw new HttpError(400, SPORTS_TEXTS.notEditable);
  if (lines.length > stakedCount && lines[stakedCount]?.amountCentavos !== ATTENDANCE_CENTAVOS) throw new HttpError(400, SPORTS_TEXTS.grandAttendance);

  const before = [row.amount_centavos, row.amount2_centavos, row.amount3_centavos];
  const after = lines.slice(0, stakedCount).map((line) => line.amountCentavos);
  if (after.some((amount) => amount < MIN_BET_CENTAVOS)) throw new HttpError(400, MINIMUM_TEXT[kind]);
  // Give back first, so an edit that moves stake between its own rows never trips the limit.
  const deltas = after.map((amount, index) => amount - (before[index] ?? 0));
  const stakedLegs = legs.slice(0, stakedCount);
  for (const [index, [slot1, slot2, quarter]] of stakedLegs.entries()) {
    const delta = deltas[index] ?? 0;
    if (delta < 0) await reserve(q, game, { slot1, slot2, quarter }, delta, MAXIMUM_TEXT[kind]);
  }
  for (const [index, [slot1, slot2, quarter]] of stakedLegs.entries()) {
    const delta = deltas[index] ?? 0;
    if (delta > 0) await reserve(q, game, { slot1, slot2, quarter }, delta, JACKPOT_TEXTS.editMaximum);
  }
  const { balanceCentavos } = await restakeBet(q, {
    betId: row.id,
    amountsCentavos: after,
    description: `${ENTRY_LABEL[kind]} bet edited, ${matchOf(game)}`,
    now: edit.now,
  });
  return { set: await requireSet(q, row.id), balanceCentavos };
}

// ── The external game site's bets (decision 066) ────────────────────────────────────────────

const isDigit = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value) && value >= 0 && value <= 9;
const isSide = (value: number | undefined): value is 0 | 1 => value === 0 || value === 1;
const isQuarter = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value) && value >= 1 && value <= QUARTERS;

interface Checked {
  /** The bets-module game the bet goes on. */
  gameId: string;
  picks: number[];
  /** The Ending slot this bet takes stake from, if any. */
  slot: { slot1: number; slot2: number; quarter: number } | null;
  label: string;
}

/** Checks the picks of a market's bet and that its betting is still open; answers where the bet goes. */
function checkPicks(game: LoadedGame, kind: MarketKind, picks: readonly number[]): Checked {
  const ebs = endingBettingStatus(game.row.status);
  const open = openQuarters(ebs);
  const invalid = () => new HttpError(400, SPORTS_TEXTS.invalidPicks);
  const requireQuarterOpen = (quarter: number) => {
    if (!open.includes(quarter)) throw closed(SPORTS_TEXTS.quarterClosed);
  };
  const [first, second, third] = picks;
  const id = (market: MarketKind, quarter = 0) => {
    const found = marketId(game, market, quarter);
    if (!found) throw notFound(SPORTS_TEXTS.unknownGame);
    return found;
  };
  switch (kind) {
    case 'ending': {
      if (picks.length !== 3 || !isDigit(first) || !isDigit(second) || third === undefined) throw invalid();
      if (third >= OVERTIME_QUARTER && third <= OVERTIME_QUARTER + 1) {
        // Overtime bets close when the first overtime starts (or the game ends after Q4).
        if (game.row.status > GAME_STATUS.Q4) throw closed(SPORTS_TEXTS.gameClosed);
        const label = 'Overtime';
        return { gameId: id('ending'), picks: [first, second, third], slot: { slot1: first, slot2: second, quarter: third }, label };
      }
      if (!isQuarter(third)) throw invalid();
      requireQuarterOpen(third);
      return { gameId: id('ending'), picks: [first, second, third], slot: { slot1: first, slot2: second, quarter: third }, label: 'Ending' };
    }
    case 'endingwq':
    case 'endingwqr': {
      if (picks.length !== 3 || !isDigit(first) || !isDigit(second) || !isQuarter(third)) throw invalid();
      requireQuarterOpen(third);
      return { gameId: id(kind), picks: [first, second, third], slot: null, label: MARKET_LABELS[kind] };
    }
    case 'oddeven':
    case 'ftts': {
      if (picks.length !== 2 || !isSide(first) || !isQuarter(second)) throw invalid();
      requireQuarterOpen(second);
      return { gameId: id(kind, second), picks: [first, second], slot: null, label: MARKET_LABELS[kind] };
    }
    case 'teambetting': {
      if (picks.length !== 2 || !isSide(first) || second === undefined || !Number.isInteger(second) || second < 0 || second > 99) throw invalid();
      // The winner is bet on before tip-off.
      if (game.row.status !== GAME_STATUS.SCHEDULED) throw closed(SPORTS_TEXTS.gameClosed);
      return { gameId: id('teambetting'), picks: [first, second], slot: null, label: 'Team Winner' };
    }
  }
}

export interface SportsBet {
  userId: string;
  /** The sub-game's `_id` (Ending, Endingwq, Endingwqr, FTTS, OddEven or Teambetting). */
  subGameId: string;
  picks: readonly number[];
  amountCentavos: number;
  now: Date;
}

/** Places a bet of the game site on a market, its stake debited (and taken from its slot for an Ending), in one transaction. */
export async function placeSportsBet(q: Q, bet: SportsBet): Promise<{ betId: string; balanceCentavos: number }> {
  const market = await findMarket(q, bet.subGameId);
  const game = market && market.quarter === 0 ? await loadGame(q, market.gameId, { lock: true }) : null;
  if (!market || !game) throw notFound(SPORTS_TEXTS.unknownGame);
  const checked = checkPicks(game, market.kind, bet.picks);
  if (checked.slot) await reserve(q, game, checked.slot, bet.amountCentavos, JACKPOT_TEXTS.maximum);
  return placeBet(q, {
    userId: bet.userId,
    gameId: checked.gameId,
    details: [checked.picks],
    amountsCentavos: [bet.amountCentavos],
    description: `${checked.label} bet, ${matchOf(game)}`,
    now: bet.now,
  });
}
