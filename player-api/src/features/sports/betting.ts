import {
  BET_STATUS,
  ENDING_MARKET_CLOSED,
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
} from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { HttpError } from '../../lib/errors';
import { fromCentavos, toCentavos } from '@suwerte/shared/money';
import { placeBet, restakeBet } from '../bets/legacy';
import { postEntry } from '../ledger/ledger';
import { creditPool } from '../jackpot/legacy';
import { MARKET_LABELS, endingBettingStatus, endingIdOf, findMarket, loadGame, marketId, type LoadedGame, type MarketKind } from './games';

/**
 * Placing and editing basketball bets. Every check that depends on the game (open or closed,
 * the per-slot maximum) runs in the same BEGIN IMMEDIATE transaction as the bet and its money,
 * so two bets can never both take the last of a slot (decisions 060–064).
 */

const ATTENDANCE_CENTAVOS = toCentavos(JACKPOT_ATTENDANCE);

/** Refusals with the page's own texts; 409 when the game's state refuses, 404 for what does not exist. */
const closed = (text: string) => new HttpError(409, text);
const exceeded = (text: string) => new HttpError(409, text);
const notFound = (text: string) => new HttpError(404, text);

/** The game of an Ending id, or 404. */
export function gameOfEnding(db: DB, endingId: string): LoadedGame {
  const market = findMarket(db, endingId);
  const game = market && market.kind === 'ending' && market.quarter === 0 ? loadGame(db, market.gameId) : null;
  if (!game) throw notFound(SPORTS_TEXTS.unknownGame);
  return game;
}

// ── The per-slot maximum ────────────────────────────────────────────────────────────────────

/** Centavos still available on a slot pair and quarter of an Ending. */
export function availableCentavos(db: DB, game: LoadedGame, slot: Slot | { slot1: number; slot2: number; quarter: number }): number {
  const staked = db
    .prepare<[string, number, number, number], { staked_centavos: number }>(
      'SELECT staked_centavos FROM sports_slot_stakes WHERE ending_id = ? AND slot1 = ? AND slot2 = ? AND quarter = ?',
    )
    .get(endingIdOf(game), slot.slot1, slot.slot2, slot.quarter);
  return Math.max(0, game.row.maxbet_centavos - (staked?.staked_centavos ?? 0));
}

/** The CARD grid: `[slot1][slot2][quarter - 1]` in pesos, quarters 1–4. */
export function availabilityGrid(db: DB, game: LoadedGame): number[][][] {
  const max = game.row.maxbet_centavos;
  const grid = Array.from({ length: 10 }, () => Array.from({ length: 10 }, () => Array.from({ length: QUARTERS }, () => fromCentavos(max))));
  const rows = db
    .prepare<[string], { slot1: number; slot2: number; quarter: number; staked_centavos: number }>(
      `SELECT slot1, slot2, quarter, staked_centavos FROM sports_slot_stakes WHERE ending_id = ? AND quarter <= ${QUARTERS}`,
    )
    .all(endingIdOf(game));
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
function reserve(db: DB, game: LoadedGame, slot: { slot1: number; slot2: number; quarter: number }, centavos: number, text: string): void {
  if (centavos === 0) return;
  if (centavos < 0) {
    db.prepare('UPDATE sports_slot_stakes SET staked_centavos = staked_centavos + ? WHERE ending_id = ? AND slot1 = ? AND slot2 = ? AND quarter = ?').run(
      centavos,
      endingIdOf(game),
      slot.slot1,
      slot.slot2,
      slot.quarter,
    );
    return;
  }
  if (centavos > availableCentavos(db, game, slot)) throw exceeded(text);
  db.prepare(
    `INSERT INTO sports_slot_stakes (ending_id, slot1, slot2, quarter, staked_centavos, limit_centavos) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (ending_id, slot1, slot2, quarter) DO UPDATE SET staked_centavos = staked_centavos + excluded.staked_centavos`,
  ).run(endingIdOf(game), slot.slot1, slot.slot2, slot.quarter, centavos, game.row.maxbet_centavos);
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
  const view = { EndingBettingStatus: ebs, Ending: { BettingStatus: ebs === ENDING_MARKET_CLOSED ? 0 : 1 } };
  if (isJackpotClosed(kind, view)) throw closed(CLOSED_TEXT[kind]);
  const open = openQuarters(ebs);
  if (kind !== 'grand' && quarters.some((quarter) => !open.includes(quarter))) throw closed(SPORTS_TEXTS.quarterClosed);
}

/**
 * Places a Minor, Major or Grand entry: the bet (its stakes debited), the ₱5 Grand Jackpot
 * attendance debited and added to the Grand pool, and the stakes taken from their slots — one
 * transaction. Returns the set and the balance after.
 */
export function placeJackpotEntry(db: DB, entry: JackpotEntry): { set: BetSet; balanceCentavos: number } {
  return db
    .transaction(() => {
      const game = gameOfEnding(db, entry.endingId);
      requireJackpotOpen(
        game,
        entry.kind,
        entry.lines.map((line) => line.quarter),
      );
      const staked = entry.lines.filter((line): line is typeof line & { amountCentavos: number } => line.amountCentavos !== null);
      for (const line of staked) reserve(db, game, line, line.amountCentavos, MAXIMUM_TEXT[entry.kind]);
      const label = ENTRY_LABEL[entry.kind];
      const { betId } = placeBet(db, {
        userId: entry.userId,
        gameId: endingIdOf(game),
        details: [entry.lines.flatMap((line) => [line.slot1, line.slot2, line.quarter])],
        amountsCentavos: staked.map((line) => line.amountCentavos),
        description: `${label} bet, ${matchOf(game)}`,
        now: entry.now,
      });
      const { balanceCentavos } = postEntry(db, {
        userId: entry.userId,
        amountCentavos: -ATTENDANCE_CENTAVOS,
        kind: 'attendance',
        reference: betId,
        description: `Grand Jackpot attendance, ${label} entry`,
        at: entry.now,
      });
      creditPool(db, 'grand', ATTENDANCE_CENTAVOS, entry.now);
      return { set: requireSet(db, betId), balanceCentavos };
    })
    .immediate();
}

interface SetRow {
  id: string;
  user_id: string;
  game_id: string;
  details: string;
  amount_centavos: number;
  amount2_centavos: number | null;
  amount3_centavos: number | null;
  status: number;
  created_at: string;
}

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

const SET_SELECT = 'SELECT id, user_id, game_id, details, amount_centavos, amount2_centavos, amount3_centavos, status, created_at FROM bets';

function requireSet(db: DB, betId: string): BetSet {
  const row = db.prepare<[string], SetRow>(`${SET_SELECT} WHERE id = ?`).get(betId);
  if (!row) throw notFound(SPORTS_TEXTS.unknownBet);
  return toSet(row);
}

const LENGTH_OF: Record<JackpotKind, number> = { minor: 6, major: 9, grand: 12 };

/** The caller's active (ongoing) sets of one kind on an Ending, newest first. */
export function activeSets(db: DB, userId: string, endingId: string, kind: JackpotKind): BetSet[] {
  return db
    .prepare<[string, string, number], SetRow>(
      `${SET_SELECT} WHERE user_id = ? AND game_id = ? AND status = ${BET_STATUS.ONGOING}
       AND json_array_length(details, '$[0]') = ? ORDER BY created_at DESC, rowid DESC`,
    )
    .all(userId, endingId, LENGTH_OF[kind])
    .map(toSet);
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
export function editJackpotEntry(db: DB, edit: JackpotEdit): { set: BetSet; balanceCentavos: number } {
  return db
    .transaction(() => {
      const row = db.prepare<[string, string], SetRow>(`${SET_SELECT} WHERE id = ? AND user_id = ?`).get(edit.betId, edit.userId);
      const market = row ? findMarket(db, row.game_id) : null;
      const legs = row ? scoreLegs((JSON.parse(row.details) as number[][])[0] ?? []) : [];
      const kind = row ? endingKindOfLength(legs.length * 3) : null;
      if (!row || !market || market.kind !== 'ending' || !kind || kind === 'regular') throw notFound(SPORTS_TEXTS.unknownBet);
      const game = gameOfEnding(db, row.game_id);
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
      legs.slice(0, stakedCount).forEach(([slot1, slot2, quarter], index) => {
        const delta = deltas[index] ?? 0;
        if (delta < 0) reserve(db, game, { slot1, slot2, quarter }, delta, MAXIMUM_TEXT[kind]);
      });
      legs.slice(0, stakedCount).forEach(([slot1, slot2, quarter], index) => {
        const delta = deltas[index] ?? 0;
        if (delta > 0) reserve(db, game, { slot1, slot2, quarter }, delta, JACKPOT_TEXTS.editMaximum);
      });
      const { balanceCentavos } = restakeBet(db, {
        betId: row.id,
        amountsCentavos: after,
        description: `${ENTRY_LABEL[kind]} bet edited, ${matchOf(game)}`,
        now: edit.now,
      });
      return { set: requireSet(db, row.id), balanceCentavos };
    })
    .immediate();
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
export function placeSportsBet(db: DB, bet: SportsBet): { betId: string; balanceCentavos: number } {
  return db
    .transaction(() => {
      const market = findMarket(db, bet.subGameId);
      const game = market && market.quarter === 0 ? loadGame(db, market.gameId) : null;
      if (!market || !game) throw notFound(SPORTS_TEXTS.unknownGame);
      const checked = checkPicks(game, market.kind, bet.picks);
      if (checked.slot) reserve(db, game, checked.slot, bet.amountCentavos, JACKPOT_TEXTS.maximum);
      return placeBet(db, {
        userId: bet.userId,
        gameId: checked.gameId,
        details: [checked.picks],
        amountsCentavos: [bet.amountCentavos],
        description: `${checked.label} bet, ${matchOf(game)}`,
        now: bet.now,
      });
    })
    .immediate();
}
