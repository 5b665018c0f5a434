import type { Jackpot } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import type { DB } from '../../db/database';
import { fromCentavos } from '../../lib/money';

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

export const jackpotFeature: Feature = {
  name: 'jackpot',
  register(app, ctx) {
    /** GET /jackpot (no auth) → [{ Minor, Major, Grand }] in pesos. */
    app.get('/jackpot', async () => listJackpots(ctx.db));
  },
};
