import { sql } from 'kysely';
import type { Jackpot } from '@suwerte/contracts';
import type { Q } from '../../db/tables';
import { fromCentavos, toCentavos } from '@suwerte/money';

interface JackpotRow {
  minor_centavos: number;
  major_centavos: number;
  grand_centavos: number;
}

export async function listJackpots(q: Q): Promise<Jackpot[]> {
  const rows: JackpotRow[] = await q.selectFrom('jackpot').select(['minor_centavos', 'major_centavos', 'grand_centavos']).orderBy('id').execute();
  return rows.map((row) => ({
      Minor: fromCentavos(row.minor_centavos),
      Major: fromCentavos(row.major_centavos),
      Grand: fromCentavos(row.grand_centavos),
    }));
}

/** Sets the pools (pesos, two decimals at most, never negative); production starts with none. */
export async function setJackpot(q: Q, jackpot: Jackpot, now: Date): Promise<Jackpot> {
  await q
    .insertInto('jackpot')
    .values({ id: 1, minor_centavos: toCentavos(jackpot.Minor), major_centavos: toCentavos(jackpot.Major), grand_centavos: toCentavos(jackpot.Grand), updated_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        minor_centavos: eb.ref('excluded.minor_centavos'),
        major_centavos: eb.ref('excluded.major_centavos'),
        grand_centavos: eb.ref('excluded.grand_centavos'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return (await listJackpots(q))[0] ?? jackpot;
}

export type JackpotPool = 'minor' | 'major' | 'grand';
const POOL_COLUMN = { minor: 'minor_centavos', major: 'major_centavos', grand: 'grand_centavos' } as const satisfies Record<JackpotPool, string>;

/** A pool in centavos. */
export async function poolCentavos(q: Q, pool: JackpotPool): Promise<number> {
  const row = await q.selectFrom('jackpot').select(POOL_COLUMN[pool]).where('id', '=', 1).executeTakeFirst();
  return (row as Record<string, number> | undefined)?.[POOL_COLUMN[pool]] ?? 0;
}

/** Adds to a pool (the Grand Jackpot attendance); call inside the money change's transaction (one UPDATE: concurrent credits add up on both engines). */
export async function creditPool(q: Q, pool: JackpotPool, centavos: number, now: Date): Promise<void> {
  const column = POOL_COLUMN[pool];
  await q.updateTable('jackpot').set({ [column]: sql`${sql.ref(column)} + ${centavos}`, updated_at: now.toISOString() }).where('id', '=', 1).execute();
}

/** Sets a pool (after it was won, back to its base); call inside the payout's transaction. */
export async function resetPool(q: Q, pool: JackpotPool, centavos: number, now: Date): Promise<void> {
  await q.updateTable('jackpot').set({ [POOL_COLUMN[pool]]: centavos, updated_at: now.toISOString() }).where('id', '=', 1).execute();
}
