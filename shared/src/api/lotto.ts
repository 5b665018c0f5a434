// API calls of the lotto area (one function per endpoint; responses parsed with their contracts).
import {
  LottoResultListSchema,
  LottoScheduleListSchema,
  TodaysDrawListSchema,
  type LottoResult,
  type LottoSchedule,
  type TodaysDraw,
} from '../contracts/lotto';
import { apiClient } from './client';
import { parseResponse } from './errors';

/** GET /schedule/active/lotto (bearer) — the draws the Lotto page shows as cards. */
export async function fetchActiveLottoSchedules(): Promise<LottoSchedule[]> {
  const { data } = await apiClient.get('/schedule/active/lotto');
  return parseResponse(LottoScheduleListSchema, data, 'GET /schedule/active/lotto');
}

/** GET /result/lotto (bearer) — recent results for the 'Lotto Results' dialog. */
export async function fetchLottoResults(): Promise<LottoResult[]> {
  const { data } = await apiClient.get('/result/lotto');
  return parseResponse(LottoResultListSchema, data, 'GET /result/lotto');
}

/** GET /game/pick3/todaysdraw — today's draws for the home page's "Lotto Today". */
export async function fetchTodaysDraws(): Promise<TodaysDraw[]> {
  const { data } = await apiClient.get('/game/pick3/todaysdraw');
  return parseResponse(TodaysDrawListSchema, data, 'GET /game/pick3/todaysdraw');
}

/** Query keys of the lotto area (server state lives in TanStack Query). */
export const LOTTO_QUERY_KEYS = {
  schedules: ['lotto', 'schedules'] as const,
  results: ['lotto', 'results'] as const,
  todaysDraws: ['lotto', 'todays-draws'] as const,
  jackpot: ['jackpot'] as const,
};
