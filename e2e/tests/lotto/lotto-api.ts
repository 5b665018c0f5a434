// Reads the lotto data straight from the real player API (the site's own endpoint definitions),
// to compare with what the page shows.
import { jackpotEndpoints, lottoEndpoints, formatLottoNumbers } from '@suwerte/contracts';
import type { LottoResult, LottoSchedule } from '@suwerte/contracts';
import { callApi, loginToken, type Credentials } from '../../support/api';

/** The spec's labels of every lotto game type code, and the 6/N games, as the site has them. */
export { LOTTO_GAME_TYPES as LOTTO_TYPES, lottoGameLabel } from '@suwerte/contracts';

export async function activeSchedules(player: Credentials): Promise<LottoSchedule[]> {
  return callApi(lottoEndpoints.activeSchedules, { token: await loginToken(player) });
}

export async function lottoResults(player: Credentials): Promise<LottoResult[]> {
  return callApi(lottoEndpoints.results, { token: await loginToken(player) });
}

export async function todaysDraws(): Promise<LottoResult[]> {
  return callApi(lottoEndpoints.todaysDraws);
}

export async function jackpotGrand(): Promise<number> {
  const [first] = await callApi(jackpotEndpoints.jackpot);
  if (!first) throw new Error('no jackpot');
  return first.Grand;
}


/** How the site writes a result: the site's own formatter (one home for results). */
export const resultText = (draw: Pick<LottoResult, 'GameType' | 'ResultId'>): string => formatLottoNumbers(draw.GameType, draw.ResultId[0]?.result ?? []);
