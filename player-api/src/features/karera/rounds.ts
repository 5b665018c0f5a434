import {
  BET_STATUS,
  GAME_TYPE,
  KARERA_BETS_PER_ROUND,
  KARERA_PREVIOUS_COUNTED,
  kareraSideName,
  kareraSideOfResult,
  settleKareraBet,
  type KareraOutcome,
  type KareraPhase,
  type KareraSide,
} from '@suwerte/contracts';
import { sql } from 'kysely';
import { forUpdate, isPostgres } from '../../db/store';
import type { Q } from '../../db/tables';
import { createGame, placeBet, setGameResult, settleBet, type PlacedBet } from '../bets/bets';

/**
 * Video Karera rounds in the database. A round is a game of type 9000 (its bets and result live
 * in the bets module, so they show in the members' histories) plus a `karera_rounds` row that
 * says whether it is open, settled or void, its phase and when that phase ends: the database,
 * not a node's memory, is the authority on the round (a bet is accepted only while its row says
 * betting; another node that takes the lead continues the round from it). Every function writes
 * on `q` and runs inside the caller's `transaction(store, …)` (opening, closing, settling,
 * voiding) or `moneyChange(store, …)` (a bet), db/money.ts: that makes each of them one
 * transaction.
 *
 * Phase ends are wall-clock times (`Date.now()`, not the app clock): they are timer deadlines
 * every node reads.
 */

declare module '../../db/tables' {
  interface Tables {
    karera_rounds: {
      game_id: string;
      status: RoundStatus;
      winner: number | null;
      started_at: string;
      ended_at: string | null;
      phase: KareraPhase;
      /** When the phase ends (ISO); NULL on rounds opened before phases were recorded: due at once. */
      phase_ends_at: string | null;
    };
  }
}

type RoundStatus = 'open' | 'settled' | 'void';

/** A round's row as the game reads it. */
export interface RoundRow {
  id: string;
  status: RoundStatus;
  /** 'result' once settled. */
  phase: KareraPhase;
  /** When the phase ends (ms since epoch); null: due at once. */
  phaseEndsAt: number | null;
  winner: KareraSide | null;
}

interface RoundRecord {
  game_id: string;
  status: RoundStatus;
  phase: KareraPhase;
  phase_ends_at: string | null;
  winner: number | null;
}

function rowOf(record: RoundRecord): RoundRow {
  return {
    id: record.game_id,
    status: record.status,
    phase: record.phase,
    phaseEndsAt: record.phase_ends_at === null ? null : Date.parse(record.phase_ends_at),
    winner: record.winner === null ? null : kareraSideOfResult(record.winner),
  };
}

const ROUND_COLUMNS = ['game_id', 'status', 'phase', 'phase_ends_at', 'winner'] as const;

const STATUS_BY_OUTCOME: Record<KareraOutcome, 0 | 2 | 3> = {
  win: BET_STATUS.WIN,
  lose: BET_STATUS.LOSE,
  refund: BET_STATUS.RETURN,
};

/**
 * Opens a round in its betting phase: its game and its row (inside the caller's transaction).
 * Returns the round id (= the game id). Without `bettingEndsAt` betting is due to close at once.
 */
export async function openRound(q: Q, now: Date, { bettingEndsAt }: { bettingEndsAt?: Date } = {}): Promise<string> {
  const gameId = await createGame(q, { gameType: GAME_TYPE.VIDEO_KARERA, schedule: now, now });
  await q
    .insertInto('karera_rounds')
    .values({ game_id: gameId, status: 'open', started_at: now.toISOString(), phase: 'betting', phase_ends_at: bettingEndsAt?.toISOString() ?? null } as never)
    .execute();
  return gameId;
}

/**
 * Two keys of a PostgreSQL advisory lock (the two-key space, apart from single-key locks):
 * taken by the transaction that opens a round, so two leaders that overlap for a moment (one
 * handing over) open one round between them.
 */
const OPEN_ROUND_LOCK = [0x4b415245 /* 'KARE' */, 9000] as const;

/**
 * Opens the next round unless one is open already (inside the caller's transaction): then that
 * one is returned (`opened: false`) and the caller continues it. On PostgreSQL the check and
 * the insert hold an advisory lock for the transaction; on SQLite the writer holds the database.
 */
export async function openNextRound(q: Q, now: Date, bettingEndsAt: Date): Promise<{ round: RoundRow; opened: boolean }> {
  if (isPostgres(q)) await sql`SELECT pg_advisory_xact_lock(${OPEN_ROUND_LOCK[0]}, ${OPEN_ROUND_LOCK[1]})`.execute(q);
  const [open] = await openRounds(q);
  if (open) return { round: open, opened: false };
  const id = await openRound(q, now, { bettingEndsAt });
  return { round: { id, status: 'open', phase: 'betting', phaseEndsAt: bettingEndsAt.getTime(), winner: null }, opened: true };
}

/** The open rounds, newest first (more than one only when a node stopped without closing its round). */
export async function openRounds(q: Q): Promise<RoundRow[]> {
  const records = await q.selectFrom('karera_rounds').select(ROUND_COLUMNS).where('status', '=', 'open').orderBy('rowid' as never, 'desc').execute();
  return records.map(rowOf);
}

/** The newest round, whatever its status (what a page that connects is shown), or null. */
export async function latestRound(q: Q): Promise<RoundRow | null> {
  const record = await q.selectFrom('karera_rounds').select(ROUND_COLUMNS).orderBy('rowid' as never, 'desc').limit(1).executeTakeFirst();
  return record ? rowOf(record) : null;
}

export interface NewKareraBet {
  /** The round the bet is for; absent: the round open for betting now, found in the database (a node that does not run the rounds). */
  roundId?: string;
  userId: string;
  side: KareraSide;
  stakeCentavos: number;
  now: Date;
}

export class RoundClosedError extends Error {
  override name = 'RoundClosedError';
}

/** A bet beyond KARERA_BETS_PER_ROUND of one player in one round (docs/decisions/146). */
export class RoundLimitError extends Error {
  override name = 'RoundLimitError';
}

/**
 * The round's row, checked open. `lock`: on PostgreSQL, 'update' for closing betting, a
 * settlement or a void (a second one, on any node, waits and then finds the round closed), and
 * it waits for every bet in flight: bets hold 'share' (bets of a round run side by side; none
 * commits after betting closed, none is left unsettled). SQLite's writer holds the whole
 * database: no lock clause there.
 */
async function requireOpenRound(q: Q, roundId: string, lock: 'update' | 'share'): Promise<RoundRecord> {
  const clause = !isPostgres(q) ? sql`` : lock === 'update' ? forUpdate(q) : sql` FOR SHARE`;
  const { rows } = await sql<RoundRecord>`
    SELECT game_id, status, phase, phase_ends_at, winner FROM karera_rounds WHERE game_id = ${roundId}${clause}`.execute(q);
  const round = rows[0];
  if (!round) throw new RangeError(`no Video Karera round ${roundId}`);
  if (round.status !== 'open') throw new RoundClosedError(`Video Karera round ${roundId} is already ${round.status}`);
  return round;
}

/**
 * The round a bet goes into, its row share-locked on PostgreSQL until the bet commits: the one
 * given, checked open and betting, or else the newest round open for betting (one indexed
 * query). Throws RoundClosedError when there is none.
 */
async function lockBettingRound(q: Q, roundId: string | undefined): Promise<string> {
  if (roundId !== undefined) {
    const round = await requireOpenRound(q, roundId, 'share');
    if (round.phase !== 'betting') throw new RoundClosedError(`betting on Video Karera round ${roundId} is closed`);
    return roundId;
  }
  const lock = isPostgres(q) ? sql` FOR SHARE` : sql``;
  // A row closed while this waited for its lock no longer matches and is skipped: no round then.
  const { rows } = await sql<{ game_id: string }>`
    SELECT game_id FROM karera_rounds WHERE status = 'open' AND phase = 'betting' ORDER BY rowid DESC LIMIT 1${lock}`.execute(q);
  const round = rows[0];
  if (!round) throw new RoundClosedError('no Video Karera round is open for betting');
  return round.game_id;
}

/**
 * Records a bet and debits its stake through `placeBet`, inside the caller's money change:
 * BetDetails `[[1]]` for UNO, `[[2]]` for DOS. Throws InsufficientFundsError when the balance
 * does not cover the stake, RoundClosedError when the round is not open for betting (the
 * change writes nothing then). Returns the round it went into.
 */
export async function recordBet(q: Q, bet: NewKareraBet): Promise<PlacedBet & { roundId: string }> {
  const roundId = await lockBettingRound(q, bet.roundId);
  // The player's row locked first (PostgreSQL; SQLite's writer holds everything): two bets of one
  // player on two nodes count each other, so the cap holds under any concurrency.
  await sql`SELECT id FROM users WHERE id = ${bet.userId}${forUpdate(q)}`.execute(q);
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM bets WHERE game_id = ${roundId} AND user_id = ${bet.userId}`.execute(q);
  if (Number(rows[0]?.n ?? 0) >= KARERA_BETS_PER_ROUND) throw new RoundLimitError(`${bet.userId} has ${KARERA_BETS_PER_ROUND} bets in round ${roundId}`);
  const placed = await placeBet(q, {
    userId: bet.userId,
    gameId: roundId,
    details: [[bet.side]],
    amountsCentavos: [bet.stakeCentavos],
    description: `Video Karera bet on ${kareraSideName(bet.side)}`,
    now: bet.now,
  });
  return { ...placed, roundId };
}

/**
 * Closes betting on an open round (inside the caller's transaction): under the row's lock, so
 * on PostgreSQL it waits for the bets in flight and no bet commits after it. A round already
 * closed keeps its phase end. Throws RoundClosedError when the round is no longer open.
 */
export async function closeBetting(q: Q, { roundId, closedEndsAt }: { roundId: string; closedEndsAt: Date }): Promise<void> {
  await requireOpenRound(q, roundId, 'update');
  await q
    .updateTable('karera_rounds')
    .set({ phase: 'closed', phase_ends_at: closedEndsAt.toISOString() })
    .where('game_id', '=', roundId)
    .where('phase', '=', 'betting')
    .execute();
}

/** A round's bet as the totals count it. */
export interface RoundBet {
  id: string;
  userId: string;
  side: KareraSide;
  stakeCentavos: number;
}

/** Every bet of a round (a new leader's totals). */
export async function betsOfRound(q: Q, roundId: string): Promise<RoundBet[]> {
  const rows = await q.selectFrom('bets').select(['id', 'user_id', 'details', 'amount_centavos']).where('game_id', '=', roundId).execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, side: sideOfDetails(row.details), stakeCentavos: row.amount_centavos }));
}

/** A round's totals and one player's stakes, [Uno, Dos] in centavos, summed by the database (a page's resync). */
export async function roundStakes(q: Q, roundId: string, userId: string): Promise<{ totals: [number, number]; stakes: [number, number] }> {
  const { rows } = await sql<{ details: string; total: number; mine: number }>`
    SELECT details, SUM(amount_centavos) AS total, SUM(CASE WHEN user_id = ${userId} THEN amount_centavos ELSE 0 END) AS mine
    FROM bets WHERE game_id = ${roundId} GROUP BY details`.execute(q);
  const totals: [number, number] = [0, 0];
  const stakes: [number, number] = [0, 0];
  for (const row of rows) {
    const index = sideOfDetails(row.details) === 1 ? 0 : 1;
    totals[index] += Number(row.total);
    stakes[index] += Number(row.mine);
  }
  return { totals, stakes };
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
 * PostgreSQL; a second settlement finds it closed and throws RoundClosedError). The round's
 * phase becomes 'result', ending at `resultEndsAt` (default: at once).
 */
export async function settleRound(
  q: Q,
  { roundId, winner, now, resultEndsAt = now }: { roundId: string; winner: KareraSide; now: Date; resultEndsAt?: Date },
): Promise<RoundSettlement> {
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
  await q
    .updateTable('karera_rounds')
    .set({ status: 'settled', winner, ended_at: now.toISOString(), phase: 'result', phase_ends_at: resultEndsAt.toISOString() })
    .where('game_id', '=', roundId)
    .execute();
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
 * caller's transaction. Returns how many. `keep`: that round stays open (a new leader continues
 * the newest round and voids the older leftovers). Without it, every open round (one SQLite
 * node restarting: none can be in play).
 */
export async function voidOpenRounds(q: Q, now: Date, { keep }: { keep?: string } = {}): Promise<number> {
  let query = q.selectFrom('karera_rounds').select('game_id').where('status', '=', 'open');
  if (keep !== undefined) query = query.where('game_id', '<>', keep);
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
