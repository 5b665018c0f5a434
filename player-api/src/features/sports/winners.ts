import { BET_STATUS, maskUsername, startOfManilaDay, type Winner } from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { fromCentavos } from '@suwerte/shared/money';
import { findBet } from '../bets/legacy';

/**
 * The Winners Circle (decision 065): every winning bet of the site, any game, with the player's
 * name masked here — the username never leaves the server on these public calls.
 */

/** Today's winners (Philippine day): the newest 50. */
export const TODAYS_WINNERS_LIMIT = 50;
/** Biggest winners: the 50 largest single wins of the last 30 days. */
export const BIGGEST_WINNERS_LIMIT = 50;
export const BIGGEST_WINNERS_DAYS = 30;

interface WinRow {
  id: string;
  username: string;
  payout_centavos: number;
  settled_at: string;
}

function toWinners(db: DB, rows: readonly WinRow[]): Winner[] {
  return rows.flatMap((row) => {
    const bet = findBet(db, row.id);
    if (!bet) return [];
    return [{ _id: row.id, UserId: { username: maskUsername(row.username) }, GameId: bet.GameId, WinAmount: fromCentavos(row.payout_centavos), createdAt: row.settled_at }];
  });
}

const WIN_SELECT = `
  SELECT b.id, u.username, b.payout_centavos, b.settled_at
  FROM bets b JOIN users u ON u.id = b.user_id
  WHERE b.status = ${BET_STATUS.WIN} AND b.payout_centavos > 0 AND b.settled_at >= ? AND b.settled_at <= ?`;

export function todaysWinners(db: DB, now: Date): Winner[] {
  const rows = db
    .prepare<[string, string, number], WinRow>(`${WIN_SELECT} ORDER BY b.settled_at DESC, b.rowid DESC LIMIT ?`)
    .all(startOfManilaDay(now).toISOString(), now.toISOString(), TODAYS_WINNERS_LIMIT);
  return toWinners(db, rows);
}

export function biggestWinners(db: DB, now: Date): Winner[] {
  const since = new Date(now.getTime() - BIGGEST_WINNERS_DAYS * 86_400_000);
  const rows = db
    .prepare<[string, string, number], WinRow>(`${WIN_SELECT} ORDER BY b.payout_centavos DESC, b.settled_at DESC LIMIT ?`)
    .all(since.toISOString(), now.toISOString(), BIGGEST_WINNERS_LIMIT);
  return toWinners(db, rows);
}
