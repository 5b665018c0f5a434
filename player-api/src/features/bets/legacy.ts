// Synchronous SQLite copy kept only while features move to the async store (docs/decisions/120); deleted at the end of that move.
import {
  BET_STATUS,
  TRANSACTION_MODE,
  type Bet,
  type BetStatus,
  type Team,
  type Transaction,
} from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { newId } from '../../lib/ids';
import { fromCentavos } from '@suwerte/shared/money';
import { balanceOf, postEntry } from '../ledger/ledger';

/**
 * Bets on games, shared by every game feature (lotto draws, basketball, Video Karera rounds).
 * Placing a bet inserts the bet and debits the ledger in one transaction; settling it records
 * the outcome and credits any payout in one transaction. Histories are read from here.
 */

export interface NewGame {
  id?: string;
  gameType: number;
  team1?: Team | null;
  team2?: Team | null;
  schedule: Date;
  result?: number[] | null;
  now: Date;
}

/** Creates a game and returns its id. */
export function createGame(db: DB, game: NewGame): string {
  const id = game.id ?? newId();
  db.prepare(
    `INSERT INTO games (id, game_type, team1, team2, schedule, result, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    game.gameType,
    game.team1 ? JSON.stringify(game.team1) : null,
    game.team2 ? JSON.stringify(game.team2) : null,
    game.schedule.toISOString(),
    game.result ? JSON.stringify(game.result) : null,
    game.now.toISOString(),
  );
  return id;
}

export function setGameResult(db: DB, gameId: string, result: number[]): void {
  db.prepare('UPDATE games SET result = ? WHERE id = ?').run(JSON.stringify(result), gameId);
}

export interface NewBet {
  userId: string;
  gameId: string;
  /** BetDetails: the picks in the first element, encoded per game type. */
  details: number[][];
  /** One to four legs (Amount, Amounttwo, Amountthree, Amountfour), integer centavos > 0. */
  amountsCentavos: readonly number[];
  /** Shown in the ledger, e.g. 'Video Karera bet on UNO'. */
  description: string;
  now: Date;
}

export interface PlacedBet {
  betId: string;
  balanceCentavos: number;
}

/**
 * Records the bet and debits its total in one BEGIN IMMEDIATE transaction. Throws
 * InsufficientFundsError (nothing written) when the balance does not cover it.
 */
export function placeBet(db: DB, bet: NewBet): PlacedBet {
  const amounts = bet.amountsCentavos;
  if (amounts.length < 1 || amounts.length > 4 || amounts.some((amount) => !Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError('a bet has one to four legs of positive integer centavos');
  }
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return db
    .transaction((): PlacedBet => {
      const betId = newId();
      db.prepare(
        `INSERT INTO bets (id, user_id, game_id, details, amount_centavos, amount2_centavos, amount3_centavos, amount4_centavos, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        betId,
        bet.userId,
        bet.gameId,
        JSON.stringify(bet.details),
        amounts[0] ?? 0,
        amounts[1] ?? null,
        amounts[2] ?? null,
        amounts[3] ?? null,
        BET_STATUS.ONGOING,
        bet.now.toISOString(),
      );
      const { balanceCentavos } = postEntry(db, {
        userId: bet.userId,
        amountCentavos: -total,
        kind: 'bet',
        reference: betId,
        description: bet.description,
        at: bet.now,
      });
      return { betId, balanceCentavos };
    })
    .immediate();
}

export interface Settlement {
  betId: string;
  /** Return (0, refund), Win (2) or Lose (3). */
  status: Exclude<BetStatus, 1>;
  /** What goes back to the player: the win (stake included) or the refund; 0 for a loss. */
  payoutCentavos: number;
  description: string;
  now: Date;
}

export class BetAlreadySettledError extends Error {
  override name = 'BetAlreadySettledError';
}

/**
 * Settles an ongoing bet and credits the payout, in one transaction. A bet is settled once:
 * settling it again throws BetAlreadySettledError and pays nothing.
 */
export function settleBet(db: DB, settlement: Settlement): { userId: string; balanceCentavos: number | null } {
  if (!Number.isSafeInteger(settlement.payoutCentavos) || settlement.payoutCentavos < 0) {
    throw new RangeError('payoutCentavos must be a non-negative integer');
  }
  return db
    .transaction(() => {
      const bet = db
        .prepare<[string], { user_id: string; status: number }>('SELECT user_id, status FROM bets WHERE id = ?')
        .get(settlement.betId);
      if (!bet) throw new RangeError(`no bet ${settlement.betId}`);
      if (bet.status !== BET_STATUS.ONGOING) throw new BetAlreadySettledError(`bet ${settlement.betId} is already settled`);
      db.prepare('UPDATE bets SET status = ?, payout_centavos = ?, settled_at = ? WHERE id = ?').run(
        settlement.status,
        settlement.payoutCentavos,
        settlement.now.toISOString(),
        settlement.betId,
      );
      if (settlement.payoutCentavos === 0) return { userId: bet.user_id, balanceCentavos: null };
      const { balanceCentavos } = postEntry(db, {
        userId: bet.user_id,
        amountCentavos: settlement.payoutCentavos,
        kind: settlement.status === BET_STATUS.RETURN ? 'refund' : 'payout',
        reference: settlement.betId,
        description: settlement.description,
        at: settlement.now,
      });
      return { userId: bet.user_id, balanceCentavos };
    })
    .immediate();
}

export interface Restake {
  betId: string;
  /** The new stakes of the legs, integer centavos > 0, as many as the bet has. */
  amountsCentavos: readonly number[];
  description: string;
  now: Date;
}

/**
 * Changes the stakes of an ongoing bet and moves the difference on the ledger (a debit when the
 * stake grows, a refund when it shrinks), in one BEGIN IMMEDIATE transaction (a savepoint inside
 * the caller's). Setting the same stakes again moves nothing, so a repeated edit pays once.
 * Throws InsufficientFundsError (nothing written) when the balance does not cover a raise, and
 * BetAlreadySettledError for a settled bet.
 */
export function restakeBet(db: DB, restake: Restake): { balanceCentavos: number; deltaCentavos: number } {
  const amounts = restake.amountsCentavos;
  if (amounts.length < 1 || amounts.length > 4 || amounts.some((amount) => !Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError('a bet has one to four legs of positive integer centavos');
  }
  return db
    .transaction(() => {
      const bet = db
        .prepare<[string], { user_id: string; status: number; a1: number; a2: number | null; a3: number | null; a4: number | null }>(
          'SELECT user_id, status, amount_centavos AS a1, amount2_centavos AS a2, amount3_centavos AS a3, amount4_centavos AS a4 FROM bets WHERE id = ?',
        )
        .get(restake.betId);
      if (!bet) throw new RangeError(`no bet ${restake.betId}`);
      if (bet.status !== BET_STATUS.ONGOING) throw new BetAlreadySettledError(`bet ${restake.betId} is already settled`);
      const before = [bet.a1, bet.a2, bet.a3, bet.a4].filter((amount): amount is number => amount !== null);
      if (before.length !== amounts.length) throw new RangeError(`bet ${restake.betId} has ${before.length} legs`);
      const delta = amounts.reduce((sum, amount) => sum + amount, 0) - before.reduce((sum, amount) => sum + amount, 0);
      db.prepare('UPDATE bets SET amount_centavos = ?, amount2_centavos = ?, amount3_centavos = ?, amount4_centavos = ? WHERE id = ?').run(
        amounts[0] ?? 0,
        amounts[1] ?? null,
        amounts[2] ?? null,
        amounts[3] ?? null,
        restake.betId,
      );
      if (delta === 0) return { balanceCentavos: balanceOf(db, bet.user_id), deltaCentavos: 0 };
      const { balanceCentavos } = postEntry(db, {
        userId: bet.user_id,
        amountCentavos: -delta,
        kind: delta > 0 ? 'bet' : 'refund',
        reference: restake.betId,
        description: restake.description,
        at: restake.now,
      });
      return { balanceCentavos, deltaCentavos: delta };
    })
    .immediate();
}

interface BetRow {
  id: string;
  game_id: string;
  details: string;
  amount_centavos: number;
  amount2_centavos: number | null;
  amount3_centavos: number | null;
  amount4_centavos: number | null;
  status: number;
  created_at: string;
  game_type: number;
  team1: string | null;
  team2: string | null;
  schedule: string;
  result: string | null;
}

const BET_SELECT = `
  SELECT b.id, b.game_id, b.details, b.amount_centavos, b.amount2_centavos, b.amount3_centavos, b.amount4_centavos,
         b.status, b.created_at, g.game_type, g.team1, g.team2, g.schedule, g.result
  FROM bets b JOIN games g ON g.id = b.game_id`;

function toBet(row: BetRow): Bet {
  const optional = (centavos: number | null) => (centavos === null ? undefined : fromCentavos(centavos));
  return {
    _id: row.id,
    GameId: {
      _id: row.game_id,
      GameType: row.game_type,
      Team1: row.team1 ? (JSON.parse(row.team1) as Team) : null,
      Team2: row.team2 ? (JSON.parse(row.team2) as Team) : null,
      Schedule: row.schedule,
      ResultId: row.result ? [{ result: JSON.parse(row.result) as number[] }] : [],
    },
    BetDetails: JSON.parse(row.details) as number[][],
    Amount: fromCentavos(row.amount_centavos),
    ...(row.amount2_centavos === null ? {} : { Amounttwo: optional(row.amount2_centavos) }),
    ...(row.amount3_centavos === null ? {} : { Amountthree: optional(row.amount3_centavos) }),
    ...(row.amount4_centavos === null ? {} : { Amountfour: optional(row.amount4_centavos) }),
    Status: row.status as Bet['Status'],
    createdAt: row.created_at,
  };
}

export function findBet(db: DB, betId: string): Bet | null {
  const row = db.prepare<[string], BetRow>(`${BET_SELECT} WHERE b.id = ?`).get(betId);
  return row ? toBet(row) : null;
}

/** The player's bets since `since`, newest first. */
export function betHistory(db: DB, userId: string, since: Date): Bet[] {
  return db
    .prepare<[string, string], BetRow>(`${BET_SELECT} WHERE b.user_id = ? AND b.created_at >= ? ORDER BY b.created_at DESC, b.rowid DESC`)
    .all(userId, since.toISOString())
    .map(toBet);
}

const MODE_BY_KIND: Record<string, string> = {
  deposit: TRANSACTION_MODE.DEPOSIT,
  withdrawal: TRANSACTION_MODE.WITHDRAW,
  bet: TRANSACTION_MODE.BET,
  payout: TRANSACTION_MODE.WIN,
  refund: TRANSACTION_MODE.REFUND,
  adjustment: TRANSACTION_MODE.ADJUSTMENT,
};

interface TransactionRow {
  id: string;
  amount_centavos: number;
  balance_after_centavos: number;
  kind: string;
  reference: string | null;
  created_at: string;
}

/**
 * The player's money movements since `since`, newest first, each with its bet when it has one.
 * In ledger order (rowid), the order the running balances were computed in, so the Balance
 * column always reads consistently (also for demo data dated before the opening entry).
 */
export function transactionHistory(db: DB, userId: string, since: Date): Transaction[] {
  const rows = db
    .prepare<[string, string], TransactionRow>(
      `SELECT id, amount_centavos, balance_after_centavos, kind, reference, created_at
       FROM ledger WHERE user_id = ? AND created_at >= ? ORDER BY rowid DESC`,
    )
    .all(userId, since.toISOString());
  const betById = new Map<string, Bet | null>();
  const betOf = (reference: string | null): Bet | null => {
    if (!reference) return null;
    if (!betById.has(reference)) betById.set(reference, findBet(db, reference));
    return betById.get(reference) ?? null;
  };
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.created_at,
    Mode: MODE_BY_KIND[row.kind] ?? row.kind.charAt(0).toUpperCase() + row.kind.slice(1),
    Amount: fromCentavos(row.amount_centavos),
    Balance: fromCentavos(row.balance_after_centavos),
    BetId: betOf(row.reference),
  }));
}
