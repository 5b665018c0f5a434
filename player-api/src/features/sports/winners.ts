import { BET_STATUS, maskUsername, type Winner } from '@suwerte/contracts';
import { startOfManilaDay } from '@suwerte/time';
import { sql } from 'kysely';
import type { Q } from '../../db/tables';
import { fromCentavos } from '@suwerte/money';
import { findBet } from '../bets/bets';

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

async function toWinners(q: Q, rows: readonly WinRow[]): Promise<Winner[]> {
  const winners: Winner[] = [];
  for (const row of rows) {
    const bet = await findBet(q, row.id);
    if (!bet) continue;
    winners.push({ _id: row.id, UserId: { username: maskUsername(row.username) }, GameId: bet.GameId, WinAmount: fromCentavos(row.payout_centavos), createdAt: row.settled_at });
  }
  return winners;
}

const winSelect = (from: Date, to: Date) => sql`
  SELECT b.id, u.username, b.payout_centavos, b.settled_at
  FROM bets b JOIN users u ON u.id = b.user_id
  WHERE b.status = ${BET_STATUS.WIN} AND b.payout_centavos > 0 AND b.settled_at >= ${from.toISOString()} AND b.settled_at <= ${to.toISOString()}`;

export async function todaysWinners(q: Q, now: Date): Promise<Winner[]> {
  const { rows } = await sql<WinRow>`${winSelect(startOfManilaDay(now), now)} ORDER BY b.settled_at DESC, b.rowid DESC LIMIT ${TODAYS_WINNERS_LIMIT}`.execute(q);
  return toWinners(q, rows);
}

export async function biggestWinners(q: Q, now: Date): Promise<Winner[]> {
  const since = new Date(now.getTime() - BIGGEST_WINNERS_DAYS * 86_400_000);
  const { rows } = await sql<WinRow>`${winSelect(since, now)} ORDER BY b.payout_centavos DESC, b.settled_at DESC LIMIT ${BIGGEST_WINNERS_LIMIT}`.execute(q);
  return toWinners(q, rows);
}
