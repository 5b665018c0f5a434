import {
  BET_STATUS,
  TRANSACTION_MODE,
  type Bet,
  type BetStatus,
  type Team,
  type Transaction,
} from '@suwerte/contracts';
import { sql, type Generated } from 'kysely';
import { forUpdate } from '../../db/store';
import type { Q } from '../../db/tables';
import { newId } from '../../lib/ids';
import { fromCentavos } from '@suwerte/money';
import { appendEntry, readBalance } from '../ledger/ledger';

/**
 * Bets on games, shared by every game feature (lotto draws, basketball, Video Karera rounds).
 * Placing a bet inserts the bet and debits the ledger; settling it records the outcome and
 * credits any payout. Functions that move money write on `q` and must run inside the caller's
 * `moneyChange(store, …)` or `transaction(store, …)` (db/money.ts): that is what makes the bet
 * row and its ledger entry one transaction. Histories are read from here.
 */

/** A row of `games`. */
export interface GamesTable {
  id: string;
  game_type: number;
  team1: string | null;
  team2: string | null;
  schedule: string;
  result: string | null;
  created_at: string;
}

/** A row of `bets`. */
export interface BetsTable {
  id: string;
  user_id: string;
  game_id: string;
  details: string;
  amount_centavos: number;
  amount2_centavos: number | null;
  amount3_centavos: number | null;
  amount4_centavos: number | null;
  status: number;
  /** 0 until settled (the column's default). */
  payout_centavos: Generated<number>;
  created_at: string;
  settled_at: string | null;
}

declare module '../../db/tables' {
  interface Tables {
    games: GamesTable;
    bets: BetsTable;
  }
}

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
export async function createGame(q: Q, game: NewGame): Promise<string> {
  const id = game.id ?? newId();
  await q
    .insertInto('games')
    .values({
      id,
      game_type: game.gameType,
      team1: game.team1 ? JSON.stringify(game.team1) : null,
      team2: game.team2 ? JSON.stringify(game.team2) : null,
      schedule: game.schedule.toISOString(),
      result: game.result ? JSON.stringify(game.result) : null,
      created_at: game.now.toISOString(),
    })
    .execute();
  return id;
}

export async function setGameResult(q: Q, gameId: string, result: number[]): Promise<void> {
  await q.updateTable('games').set({ result: JSON.stringify(result) }).where('id', '=', gameId).execute();
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
 * Records the bet and debits its total (inside the caller's money change). Throws
 * InsufficientFundsError when the balance does not cover it (the change writes nothing then).
 */
export async function placeBet(q: Q, bet: NewBet): Promise<PlacedBet> {
  const amounts = bet.amountsCentavos;
  if (amounts.length < 1 || amounts.length > 4 || amounts.some((amount) => !Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError('a bet has one to four legs of positive integer centavos');
  }
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const betId = newId();
  await q
    .insertInto('bets')
    .values({
      id: betId,
      user_id: bet.userId,
      game_id: bet.gameId,
      details: JSON.stringify(bet.details),
      amount_centavos: amounts[0] ?? 0,
      amount2_centavos: amounts[1] ?? null,
      amount3_centavos: amounts[2] ?? null,
      amount4_centavos: amounts[3] ?? null,
      status: BET_STATUS.ONGOING,
      created_at: bet.now.toISOString(),
      settled_at: null,
    })
    .execute();
  const { balanceCentavos } = await appendEntry(q, {
    userId: bet.userId,
    amountCentavos: -total,
    kind: 'bet',
    reference: betId,
    description: bet.description,
    at: bet.now,
  });
  return { betId, balanceCentavos };
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

/** The bet row, locked until the transaction ends on PostgreSQL (two settlements of one bet queue, the second sees it settled). */
async function lockedBet(q: Q, betId: string) {
  const { rows } = await sql<{ user_id: string; status: number; a1: number; a2: number | null; a3: number | null; a4: number | null }>`
    SELECT user_id, status, amount_centavos AS a1, amount2_centavos AS a2, amount3_centavos AS a3, amount4_centavos AS a4
    FROM bets WHERE id = ${betId}${forUpdate(q)}`.execute(q);
  const bet = rows[0];
  if (!bet) throw new RangeError(`no bet ${betId}`);
  if (bet.status !== BET_STATUS.ONGOING) throw new BetAlreadySettledError(`bet ${betId} is already settled`);
  return bet;
}

/**
 * Settles an ongoing bet and credits the payout (inside the caller's transaction). A bet is
 * settled once: settling it again throws BetAlreadySettledError and pays nothing.
 */
export async function settleBet(q: Q, settlement: Settlement): Promise<{ userId: string; balanceCentavos: number | null }> {
  if (!Number.isSafeInteger(settlement.payoutCentavos) || settlement.payoutCentavos < 0) {
    throw new RangeError('payoutCentavos must be a non-negative integer');
  }
  const bet = await lockedBet(q, settlement.betId);
  await q
    .updateTable('bets')
    .set({ status: settlement.status, payout_centavos: settlement.payoutCentavos, settled_at: settlement.now.toISOString() })
    .where('id', '=', settlement.betId)
    .execute();
  if (settlement.payoutCentavos === 0) return { userId: bet.user_id, balanceCentavos: null };
  const { balanceCentavos } = await appendEntry(q, {
    userId: bet.user_id,
    amountCentavos: settlement.payoutCentavos,
    kind: settlement.status === BET_STATUS.RETURN ? 'refund' : 'payout',
    reference: settlement.betId,
    description: settlement.description,
    at: settlement.now,
  });
  return { userId: bet.user_id, balanceCentavos };
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
 * stake grows, a refund when it shrinks), inside the caller's transaction. Setting the same stakes again moves nothing, so a repeated edit pays once.
 * Throws InsufficientFundsError (nothing written) when the balance does not cover a raise, and
 * BetAlreadySettledError for a settled bet.
 */
export async function restakeBet(q: Q, restake: Restake): Promise<{ balanceCentavos: number; deltaCentavos: number }> {
  const amounts = restake.amountsCentavos;
  if (amounts.length < 1 || amounts.length > 4 || amounts.some((amount) => !Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError('a bet has one to four legs of positive integer centavos');
  }
  const bet = await lockedBet(q, restake.betId);
  const before = [bet.a1, bet.a2, bet.a3, bet.a4].filter((amount): amount is number => amount !== null);
  if (before.length !== amounts.length) throw new RangeError(`bet ${restake.betId} has ${before.length} legs`);
  const delta = amounts.reduce((sum, amount) => sum + amount, 0) - before.reduce((sum, amount) => sum + amount, 0);
  await q
    .updateTable('bets')
    .set({ amount_centavos: amounts[0] ?? 0, amount2_centavos: amounts[1] ?? null, amount3_centavos: amounts[2] ?? null, amount4_centavos: amounts[3] ?? null })
    .where('id', '=', restake.betId)
    .execute();
  if (delta === 0) return { balanceCentavos: await readBalance(q, bet.user_id), deltaCentavos: 0 };
  const { balanceCentavos } = await appendEntry(q, {
    userId: bet.user_id,
    amountCentavos: -delta,
    kind: delta > 0 ? 'bet' : 'refund',
    reference: restake.betId,
    description: restake.description,
    at: restake.now,
  });
  return { balanceCentavos, deltaCentavos: delta };
}

/** A bet with its game, as the histories read it. */
type BetRow = Pick<BetsTable, 'id' | 'game_id' | 'details' | 'amount_centavos' | 'amount2_centavos' | 'amount3_centavos' | 'amount4_centavos' | 'status' | 'created_at'> &
  Pick<GamesTable, 'game_type' | 'team1' | 'team2' | 'schedule' | 'result'>;

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

export async function findBet(q: Q, betId: string): Promise<Bet | null> {
  const { rows } = await sql<BetRow>`${sql.raw(BET_SELECT)} WHERE b.id = ${betId}`.execute(q);
  const row = rows[0];
  return row ? toBet(row) : null;
}

/** The player's bets since `since`, newest first. */
export async function betHistory(q: Q, userId: string, since: Date): Promise<Bet[]> {
  const { rows } = await sql<BetRow>`${sql.raw(BET_SELECT)} WHERE b.user_id = ${userId} AND b.created_at >= ${since.toISOString()} ORDER BY b.created_at DESC, b.rowid DESC`.execute(q);
  return rows.map(toBet);
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
 * The player's money movements since `since`, newest first (by date, document 2's history),
 * each with its bet when it has one. Entries of one instant keep ledger order (rowid), the order
 * their running balances were computed in; entries are written in time order (the demo player's
 * opening deposit is dated before the demo week, decision 192), so the Balance column reads on.
 */
export async function transactionHistory(q: Q, userId: string, since: Date): Promise<Transaction[]> {
  const { rows } = await sql<TransactionRow>`
    SELECT id, amount_centavos, balance_after_centavos, kind, reference, created_at
    FROM ledger WHERE user_id = ${userId} AND created_at >= ${since.toISOString()} ORDER BY created_at DESC, rowid DESC`.execute(q);
  // Each bet once, in one query: a history of hundreds of entries is one round trip, not hundreds.
  const references = [...new Set(rows.map((row) => row.reference).filter((reference): reference is string => reference !== null))];
  const betById = new Map<string, Bet>();
  for (let start = 0; start < references.length; start += 500) {
    const chunk = references.slice(start, start + 500);
    const { rows: betRows } = await sql<BetRow>`${sql.raw(BET_SELECT)} WHERE b.id IN (${sql.join(chunk)})`.execute(q);
    for (const row of betRows) betById.set(row.id, toBet(row));
  }
  const betOf = (reference: string | null): Bet | null => (reference ? (betById.get(reference) ?? null) : null);
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.created_at,
    Mode: MODE_BY_KIND[row.kind] ?? row.kind.charAt(0).toUpperCase() + row.kind.slice(1),
    Amount: fromCentavos(row.amount_centavos),
    Balance: fromCentavos(row.balance_after_centavos),
    BetId: betOf(row.reference),
  }));
}
