import type { Jackpot } from '@suwerte/shared/contracts';
import { jackpotEndpoints } from '@suwerte/shared/endpoints';
import type { Feature } from '../../context';
import type { DB } from '../../db/database';
import { registerEndpoint } from '../../lib/endpoints';
import { fromCentavos, toCentavos } from '../../lib/money';

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

/** Sets the pools (pesos, two decimals at most, never negative). */
export function setJackpot(db: DB, jackpot: Jackpot, now: Date): Jackpot {
  db.prepare('UPDATE jackpot SET minor_centavos = ?, major_centavos = ?, grand_centavos = ?, updated_at = ? WHERE id = 1').run(
    toCentavos(jackpot.Minor),
    toCentavos(jackpot.Major),
    toCentavos(jackpot.Grand),
    now.toISOString(),
  );
  return listJackpots(db)[0] ?? jackpot;
}

export const jackpotFeature: Feature = {
  name: 'jackpot',
  register(app, ctx) {
    registerEndpoint(app, ctx, jackpotEndpoints.jackpot, () => listJackpots(ctx.db));
    registerEndpoint(app, ctx, jackpotEndpoints.setJackpot, ({ body }) => setJackpot(ctx.db, body, ctx.now()));
  },
};
