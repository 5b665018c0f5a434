import { z } from 'zod/mini';
import { MoneySchema } from './fields';

/** One jackpot record: the Minor, Major and Grand pools in pesos (whole centavos, as the operator sets them). */
export const JackpotSchema = z.object({
  Minor: MoneySchema,
  Major: MoneySchema,
  Grand: MoneySchema,
});
export type Jackpot = z.infer<typeof JackpotSchema>;

/** GET /jackpot — a list; the site uses its first element. */
export const JackpotListSchema = z.array(JackpotSchema);
