import {
  BET_STATUS,
  GAME_TYPE,
  KARERA_PREVIOUS_COUNTED,
  kareraSideName,
  kareraSideOfResult,
  settleKareraBet,
  type KareraOutcome,
  type KareraSide,
} from '@suwerte/shared/contracts';
import { sql } from 'kysely';
import { forUpdate, isPostgres } from '../../db/store';
import type { Q } from '../../db/tables';
import { createGame, placeBet, setGameResult, settleBet, type PlacedBet } from '../bets/bets';

/**
 * Video Karera rounds in the database. A round is a game of type 9000 (its bets and result live
 * in the bets module, so they show in the members' histories) plus a `karera_rounds` row that
 * says whether it is open, settled or void. Every function writes on `q` and runs inside the
 * caller's `transaction(store, …)` (opening, settling, voiding) or `moneyChange(store, …)` (a
 * bet), db/money.ts: that is what makes each of them one transaction.
 */

declare module '../../db/tables' {
  interface Tables {
    karera_rounds: { game_id: string; status: RoundStatus; winner: number | null; started_at: string; ended_at: string | null };
  }
}

type RoundStatus = 'open' | 'settled' | 'void';

const STATUS_BY_OUTCOME: Record<KareraOutcome, 0 | 2 | 3> = {
  win: BET_STATUS.WIN,
  lose: BET_STATUS.LOSE,
  refund: BET_STATUS.RETURN,
};

/** Opens a round: its game and its row (inside the caller's transaction). Returns the round id (= the game id). */
export async function openRound(q: Q, now: Date): Promise<string> {
  const gameId = await createGame(q, { gameType: GAME_TYPE.VIDEO_KARERA, schedule: now, now });
  await q.insertInto('karera_rounds').values({ game_id: gameId, status: 'open', started_at: now.toISOString() } as never).execute();
  return gameId;
}

export interface NewKareraBet {
  roundId: string;
  userId: string;
  side: KareraSide;
  stakeCentavos: number;
  now: Date;
}

export class RoundClosedError extends Error {
  override name = 'RoundClosedError';
}

/**
 * The round's row, checked open. `lock`: on PostgreSQL, 'update' for a settlement or a void (a
 * second one, on any node, waits and then finds the round closed), 'share' for a bet (bets of
 * a round run side by side; a settlement waits until every bet in flight has committed, so
 * none is left unsettled). SQLite's writer holds the whole database: no lock clause there.
 */
async function requireOpenRound(q: Q, roundId: string, lock: 'update' | 'share'): Promise<void> {
  const clause = !isPostgres(q) ? sql`` : lock === 'update' ? forUpdate(q) : sql` FOR SHARE`;
  const { rows } = await sql<{ status: RoundStatus }>`SELECT status FROM karera_rounds WHERE game_id = ${roundId}${clause}`.execute(q);
  const round = rows[0];
  if (!round) throw new RangeError(`no Video Karera round ${roundId}`);
  if (round.status !== 'open') throw new RoundClosedError(`Video Karera round ${roundId} is already ${round.status}`);
}

/**
 * Records a bet and debits its stake through `placeBet`, inside the caller's money change:
 * BetDetails `[[1]]` for UNO, `[[2]]` for DOS. Throws InsufficientFundsError when the balance
 * does not cover the stake, RoundClosedError when the round is no longer open (the change
 * writes nothing then).
 */
export async function recordBet(q: Q, bet: NewKareraBet): Promise<PlacedBet> {
  await requireOpenRound(q, bet.roundId, 'share');
  return placeBet(q, {
    userId: bet.userId,
    gameId: bet.roundId,
    details: [[bet.side]],
    amountsCentavos: [bet.stakeCentavos],
    description: `Video Karera bet on ${kareraSideName(bet.side)}`,
    now: bet.now,
  });
}

interface OpenBetRow {
  id: string;
  user_id: string;
  details: string;
  amount_centavos: number;
}

function sideOfDetails(details: string): KareraSide {
  const parsed = JSON.parse(details) as unknown;
  const pick = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown[])[0] : undefined;
  return kareraSideOfResult(typeof pick === 'number' ? pick : 0);
}

async function openBets(q: Q, roundId: string): Promise<OpenBetRow[]> {
  const { rows } = await sql<OpenBetRow>`
    SELECT id, user_id, details, amount_centavos FROM bets WHERE game_id = ${roundId} AND status = ${BET_STATUS.ONGOING} ORDER BY rowid`.execute(q);
  return rows;
}

export interface RoundSettlement {
  winner: KareraSide;
  unoTotalCentavos: number;
  dosTotalCentavos: number;
  bets: number;
  /** Wins and refunds credited, in centavos. */
  paidCentavos: number;
  /** Players whose balance moved (a win or a refund). */
  creditedUserIds: string[];
}

/**
 * Settles every bet of an open round with the payout formula (settleKareraBet, shared with the
 * pages), records the result `[winner]` and closes the round, all in the caller's transaction:
 * a crash half-way pays nobody, and a round is settled once (its row is locked first on
 * PostgreSQL; a second settlement finds it closed and throws RoundClosedError).
 */
export async function settleRound(q: Q, { roundId, winner, now }: { roundId: string; winner: KareraSide; now: Date }): Promise<RoundSettlement> {
  await requireOpenRound(q, roundId, 'update');
  const bets = (await openBets(q, roundId)).map((row) => ({ ...row, side: sideOfDetails(row.details) }));
  let unoTotalCentavos = 0;
  let dosTotalCentavos = 0;
  for (const bet of bets) {
    if (bet.side === 1) unoTotalCentavos += bet.amount_centavos;
    else dosTotalCentavos += bet.amount_centavos;
  }
  const round = { winner, unoTotalCentavos, dosTotalCentavos };
  const loser = kareraSideName(winner === 1 ? 2 : 1);
  let paidCentavos = 0;
  const credited = new Set<string>();
  for (const bet of bets) {
    const { outcome, payoutCentavos } = settleKareraBet({ side: bet.side, stakeCentavos: bet.amount_centavos }, round);
    const side = kareraSideName(bet.side);
    const description =
      outcome === 'win' ? `Video Karera win on ${side}` : outcome === 'refund' ? `Video Karera refund: no bets on ${loser}` : `Video Karera loss on ${side}`;
    await settleBet(q, { betId: bet.id, status: STATUS_BY_OUTCOME[outcome], payoutCentavos, description, now });
    paidCentavos += payoutCentavos;
    if (payoutCentavos > 0) credited.add(bet.user_id);
  }
  await setGameResult(q, roundId, [winner]);
  await q.updateTable('karera_rounds').set({ status: 'settled', winner, ended_at: now.toISOString() }).where('game_id', '=', roundId).execute();
  return { winner, unoTotalCentavos, dosTotalCentavos, bets: bets.length, paidCentavos, creditedUserIds: [...credited] };
}

/**
 * Voids an open round (inside the caller's transaction): every bet is returned in full (status
 * 0, Return) and the round gets no result. Used when the game server stops mid-round, and at
 * start for rounds a crash left open.
 */
export async function voidRound(q: Q, { roundId, now }: { roundId: string; now: Date }): Promise<{ refunded: number }> {
  await requireOpenRound(q, roundId, 'update');
  const bets = await openBets(q, roundId);
  for (const bet of bets) {
    await settleBet(q, {
      betId: bet.id,
      status: BET_STATUS.RETURN,
      payoutCentavos: bet.amount_centavos,
      description: 'Video Karera round stopped: stake returned',
      now,
    });
  }
  await q.updateTable('karera_rounds').set({ status: 'void', ended_at: now.toISOString() }).where('game_id', '=', roundId).execute();
  return { refunded: bets.length };
}

/**
 * Voids the rounds still open (the game server stopped without closing them), inside the
 * caller's transaction. Returns how many. `startedBefore`: only rounds opened before then (on
 * PostgreSQL other nodes may have a round in play; only one older than any live round is a
 * crash's leftover). Without it, every open round (one SQLite node: none can be in play).
 */
export async function voidOpenRounds(q: Q, now: Date, { startedBefore }: { startedBefore?: Date } = {}): Promise<number> {
  let query = q.selectFrom('karera_rounds').select('game_id').where('status', '=', 'open');
  if (startedBefore) query = query.where('started_at', '<', startedBefore.toISOString());
  const rounds = await query.orderBy('started_at').execute();
  let voided = 0;
  for (const round of rounds) {
    try {
      await voidRound(q, { roundId: round.game_id, now });
      voided += 1;
    } catch (error) {
      // Another node voided it first (PostgreSQL): nothing left to do for this one.
      if (!(error instanceof RoundClosedError)) throw error;
    }
  }
  return voided;
}

/** Results of the last settled rounds, most recent first (previouswinner). */
export async function previousWinners(q: Q, limit: number = KARERA_PREVIOUS_COUNTED): Promise<KareraSide[]> {
  const { rows } = await sql<{ winner: number }>`SELECT winner FROM karera_rounds WHERE status = 'settled' ORDER BY rowid DESC LIMIT ${limit}`.execute(q);
  return rows.map((row) => kareraSideOfResult(row.winner));
}
