// Reads the lotto data straight from the real player API (the site's own endpoint definitions),
// to compare with what the page shows.
import { jackpotEndpoints, lottoEndpoints } from '@suwerte/shared/endpoints';
import type { LottoResult, LottoSchedule } from '@suwerte/shared/contracts';
import { callApi, loginToken, type Credentials } from '../../support/api';

/** The spec's labels of every lotto game type code. */
export const LABELS: Record<number, string> = { 42: '6/42', 45: '6/45', 49: '6/49', 55: '6/55', 58: '6/58', 131: 'EZ 2', 200: 'Mega Millions' };
export const LOTTO_TYPES = [42, 45, 49, 55, 58] as const;

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

export const peso = (amount: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(amount);

/** How the site writes a result: two-digit numbers, the Mega Millions yellow ball apart. */
export function resultText(draw: Pick<LottoResult, 'GameType' | 'ResultId'>): string {
  const numbers = draw.ResultId[0]?.result ?? [];
  const pad = (n: number) => String(n).padStart(2, '0');
  if (draw.GameType === 200) return `${numbers.slice(0, -1).map(pad).join('-')} + ${pad(numbers[numbers.length - 1] ?? 0)}`;
  return numbers.map(pad).join('-');
}
