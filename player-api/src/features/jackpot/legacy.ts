// Synchronous SQLite copy kept only while features move to the async store (docs/decisions/120); deleted at the end of that move.
import type { Jackpot } from '@suwerte/shared/contracts';
import type { DB } from '../../db/database';
import { fromCentavos, toCentavos } from '@suwerte/shared/money';

interface JackpotRow {
  minor_centavos: number;
  major_centavos: number;
  grand_centavos: number;
}

export function listJackpots(db: DB): Jackpot[] {
  return db
    .prepare<[], JackpotRow>('SELECT minor_centavos, major_centavos, grand_centavos FROM jackpot ORDER BY id')
    .all()
    .map((row) => ({
      Minor: fromCentavos(row.minor_centavos),
      Major: fromCentavos(row.major_centavos),
      Grand: fromCentavos(row.grand_centavos),
    }));
}

/** Sets the pools (pesos, two decimals at most, never negative); production starts with none. */
export function setJackpot(db: DB, jackpot: Jackpot, now: Date): Jackpot {
  db.prepare(
    `INSERT INTO jackpot (id, minor_centavos, major_centavos, grand_centavos, updated_at) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET minor_centavos = excluded.minor_centavos, major_centavos = excluded.major_centavos,
       grand_centavos = excluded.grand_centavos, updated_at = excluded.updated_at`,
  ).run(
    toCentavos(jackpot.Minor),
    toCentavos(jackpot.Major),
    toCentavos(jackpot.Grand),
    now.toISOString(),
  );
  return listJackpots(db)[0] ?? jackpot;
}

export type JackpotPool = 'minor' | 'major' | 'grand';
const POOL_COLUMN: Record<JackpotPool, string> = { minor: 'minor_centavos', major: 'major_centavos', grand: 'grand_centavos' };

/** A pool in centavos. */
export function poolCentavos(db: DB, pool: JackpotPool): number {
  return db.prepare<[], { amount: number }>(`SELECT ${POOL_COLUMN[pool]} AS amount FROM jackpot WHERE id = 1`).get()?.amount ?? 0;
}

/** Adds to a pool (the Grand Jackpot attendance); call inside the money change's transaction. */
export function creditPool(db: DB, pool: JackpotPool, centavos: number, now: Date): void {
  db.prepare(`UPDATE jackpot SET ${POOL_COLUMN[pool]} = ${POOL_COLUMN[pool]} + ?, updated_at = ? WHERE id = 1`).run(centavos, now.toISOString());
}

/** Sets a pool (after it was won, back to its base); call inside the payout's transaction. */
export function resetPool(db: DB, pool: JackpotPool, centavos: number, now: Date): void {
  db.prepare(`UPDATE jackpot SET ${POOL_COLUMN[pool]} = ?, updated_at = ? WHERE id = 1`).run(centavos, now.toISOString());
}
