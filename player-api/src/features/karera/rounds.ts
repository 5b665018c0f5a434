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
import type { DB } from '../../db/database';
import { createGame, placeBet, setGameResult, settleBet, type PlacedBet } from '../bets/legacy';

/**
 * Video Karera rounds in the database. A round is a game of type 9000 (its bets and result live
 * in the bets module, so they show in the members' histories) plus a `karera_rounds` row that
 * says whether it is open, settled or void. Every function is one transaction.
 */

const STATUS_BY_OUTCOME: Record<KareraOutcome, 0 | 2 | 3> = {
  win: BET_STATUS.WIN,
  lose: BET_STATUS.LOSE,
  refund: BET_STATUS.RETURN,
};

/** Opens a round: its game and its row. Returns the round id (= the game id). */
export function openRound(db: DB, now: Date): string {
  return db
    .transaction(() => {
      const gameId = createGame(db, { gameType: GAME_TYPE.VIDEO_KARERA, schedule: now, now });
      db.prepare(`INSERT INTO karera_rounds (game_id, status, started_at) VALUES (?, 'open', ?)`).run(gameId, now.toISOString());
      return gameId;
    })
    .immediate();
}

export interface NewKareraBet {
  roundId: string;
  userId: string;
  side: KareraSide;
  stakeCentavos: number;
  now: Date;
}

/**
 * Records a bet and debits its stake (one BEGIN IMMEDIATE transaction through `placeBet`):
 * BetDetails `[[1]]` for UNO, `[[2]]` for DOS. Throws InsufficientFundsError, writing nothing,
 * when the balance does not cover the stake.
 */
export function recordBet(db: DB, bet: NewKareraBet): PlacedBet {
  return placeBet(db, {
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

function openBets(db: DB, roundId: string): OpenBetRow[] {
  return db
    .prepare<[string, number], OpenBetRow>('SELECT id, user_id, details, amount_centavos FROM bets WHERE game_id = ? AND status = ? ORDER BY rowid')
    .all(roundId, BET_STATUS.ONGOING);
}

function requireOpenRound(db: DB, roundId: string): void {
  const round = db.prepare<[string], { status: string }>('SELECT status FROM karera_rounds WHERE game_id = ?').get(roundId);
  if (!round) throw new RangeError(`no Video Karera round ${roundId}`);
  if (round.status !== 'open') throw new RoundClosedError(`Video Karera round ${roundId} is already ${round.status}`);
}

export class RoundClosedError extends Error {
  override name = 'RoundClosedError';
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
 * pages), records the result `[winner]` and closes the round, all in one transaction: a crash
 * half-way pays nobody, and a round is settled once.
 */
export function settleRound(db: DB, { roundId, winner, now }: { roundId: string; winner: KareraSide; now: Date }): RoundSettlement {
  return db
    .transaction((): RoundSettlement => {
      requireOpenRound(db, roundId);
      const bets = openBets(db, roundId).map((row) => ({ ...row, side: sideOfDetails(row.details) }));
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
          outcome === 'win'
            ? `Video Karera win on ${side}`
            : outcome === 'refund'
              ? `Video Karera refund: no bets on ${loser}`
              : `Video Karera loss on ${side}`;
        settleBet(db, { betId: bet.id, status: STATUS_BY_OUTCOME[outcome], payoutCentavos, description, now });
        paidCentavos += payoutCentavos;
        if (payoutCentavos > 0) credited.add(bet.user_id);
      }
      setGameResult(db, roundId, [winner]);
      db.prepare(`UPDATE karera_rounds SET status = 'settled', winner = ?, ended_at = ? WHERE game_id = ?`).run(winner, now.toISOString(), roundId);
      return { winner, unoTotalCentavos, dosTotalCentavos, bets: bets.length, paidCentavos, creditedUserIds: [...credited] };
    })
    .immediate();
}

/**
 * Voids an open round: every bet is returned in full (status 0, Return) and the round gets no
 * result. Used when the game server stops mid-round, and at start for rounds a crash left open.
 */
export function voidRound(db: DB, { roundId, now }: { roundId: string; now: Date }): { refunded: number } {
  return db
    .transaction(() => {
      requireOpenRound(db, roundId);
      const bets = openBets(db, roundId);
      for (const bet of bets) {
        settleBet(db, {
          betId: bet.id,
          status: BET_STATUS.RETURN,
          payoutCentavos: bet.amount_centavos,
          description: 'Video Karera round stopped: stake returned',
          now,
        });
      }
      db.prepare(`UPDATE karera_rounds SET status = 'void', ended_at = ? WHERE game_id = ?`).run(now.toISOString(), roundId);
      return { refunded: bets.length };
    })
    .immediate();
}

/** Voids every round still open (the game server stopped without closing them). Returns how many. */
export function voidOpenRounds(db: DB, now: Date): number {
  const rounds = db.prepare<[], { game_id: string }>(`SELECT game_id FROM karera_rounds WHERE status = 'open'`).all();
  for (const round of rounds) voidRound(db, { roundId: round.game_id, now });
  return rounds.length;
}

/** Results of the last settled rounds, most recent first (previouswinner). */
export function previousWinners(db: DB, limit: number = KARERA_PREVIOUS_COUNTED): KareraSide[] {
  return db
    .prepare<[number], { winner: number }>(`SELECT winner FROM karera_rounds WHERE status = 'settled' ORDER BY rowid DESC LIMIT ?`)
    .all(limit)
    .map((row) => kareraSideOfResult(row.winner));
}
