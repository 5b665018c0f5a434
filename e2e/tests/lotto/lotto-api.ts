// Reads the lotto data straight from the real player API, to compare with what the page shows.
import { apiGet, apiUrl, loginToken, type Credentials } from '../../support/api';

export interface Schedule {
  _id: string;
  GameType: number;
  Schedule: string;
}

export interface Draw extends Schedule {
  ResultId: { result: number[] }[];
}

/** The spec's labels of every lotto game type code. */
export const LABELS: Record<number, string> = { 42: '6/42', 45: '6/45', 49: '6/49', 55: '6/55', 58: '6/58', 131: 'EZ 2', 200: 'Mega Millions' };
export const LOTTO_TYPES = [42, 45, 49, 55, 58] as const;

export async function activeSchedules(player: Credentials): Promise<Schedule[]> {
  return apiGet<Schedule[]>('/schedule/active/lotto', await loginToken(player));
}

export async function lottoResults(player: Credentials): Promise<Draw[]> {
  return apiGet<Draw[]>('/result/lotto', await loginToken(player));
}

export async function todaysDraws(): Promise<Draw[]> {
  const response = await fetch(`${apiUrl()}/game/pick3/todaysdraw`);
  if (!response.ok) throw new Error(`todaysdraw: ${response.status}`);
  return (await response.json()) as Draw[];
}

export async function jackpotGrand(): Promise<number> {
  const response = await fetch(`${apiUrl()}/jackpot`);
  const [first] = (await response.json()) as { Grand: number }[];
  if (!first) throw new Error('no jackpot');
  return first.Grand;
}

export const peso = (amount: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(amount);

/** How the site writes a result: two-digit numbers, the Mega Millions yellow ball apart. */
export function resultText(draw: Draw): string {
  const numbers = draw.ResultId[0]?.result ?? [];
  const pad = (n: number) => String(n).padStart(2, '0');
  if (draw.GameType === 200) return `${numbers.slice(0, -1).map(pad).join('-')} + ${pad(numbers[numbers.length - 1] ?? 0)}`;
  return numbers.map(pad).join('-');
}
