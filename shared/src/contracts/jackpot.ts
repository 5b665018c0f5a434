import { z } from 'zod';
import { PesoSchema } from './fields';

/** One jackpot record: the Minor, Major and Grand pools in pesos. */
export const JackpotSchema = z.object({
  Minor: PesoSchema,
  Major: PesoSchema,
  Grand: PesoSchema,
});
export type Jackpot = z.infer<typeof JackpotSchema>;

/** GET /jackpot — a list; the site uses its first element. */
export const JackpotListSchema = z.array(JackpotSchema);
