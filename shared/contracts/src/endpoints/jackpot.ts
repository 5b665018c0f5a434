// The jackpot pools (document 1, section 7; document 2, section 7) and the operator's setting of them.
import { z } from 'zod/mini';
import { JackpotListSchema, JackpotSchema } from '../contracts/jackpot';
import { defineEndpoint } from './define';

/** The spec polls the jackpot every 30 s. */
export const JACKPOT_POLL_MS = 30_000;

const jackpot = defineEndpoint({
  method: 'GET',
  path: '/jackpot',
  auth: 'public',
  summary: 'The jackpot pools, Minor, Major and Grand; the site uses the first element',
  response: JackpotListSchema,
  pollMs: JACKPOT_POLL_MS,
});

/** An operator's setting: no pool below zero. */
export const OperatorJackpotSchema = JackpotSchema.check(
  z.refine((pools) => pools.Minor >= 0 && pools.Major >= 0 && pools.Grand >= 0, {
    error: 'Jackpot pools cannot be negative',
  }),
);

export const jackpotEndpoints = {
  jackpot,
  /** Sets the pools the site shows (back office). */
  setJackpot: defineEndpoint({
    method: 'PUT',
    path: '/operator/jackpot',
    auth: 'operator',
    summary: 'Sets the jackpot pools (operator)',
    body: OperatorJackpotSchema,
    response: JackpotSchema,
    invalidates: [jackpot],
  }),
};
