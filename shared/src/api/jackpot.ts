import { JackpotListSchema, type Jackpot } from '../contracts/jackpot';
import { apiClient } from './client';
import { parseResponse } from './errors';

/** GET /jackpot — the site uses the first element; null when the list is empty. */
export async function fetchJackpot(): Promise<Jackpot | null> {
  const { data } = await apiClient.get('/jackpot');
  return parseResponse(JackpotListSchema, data, 'GET /jackpot')[0] ?? null;
}

/** The spec polls the jackpot every 30 s. */
export const JACKPOT_POLL_MS = 30_000;
