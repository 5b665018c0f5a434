import { BET_STATUS, GAME_TYPE, LOTTO_GAME_TYPES, type Bet, type BetStatus, type Team } from '../contracts/history';
import { kareraSideName, kareraSideOfResult } from '../contracts/karera';
import type { Winner } from '../contracts/sports';
import { formatDateTime } from '@suwerte/time';
import { fromCentavos, toCentavos } from '@suwerte/money';

// Game results, the one home for how they read: lotto draws (the Lotto page, Lotto Today, the
// histories, the e2e suites) and a bet's game, picks and result decoded per game type
// (document 2, section 3, "Result encodings") for Bet History and Transaction History.

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Lotto numbers as players read them: two digits each, '03-11-17-25-38-44'; Mega Millions
 * (5 white + 1 yellow) shows its yellow ball apart, '05-12-33-41-68 + 09'.
 */
export function formatLottoNumbers(gameType: number, numbers: readonly number[]): string {
  if (gameType === GAME_TYPE.MEGA_MILLIONS && numbers.length === 6) return `${numbers.slice(0, 5).map(pad2).join('-')} + ${pad2(numbers[5] ?? 0)}`;
  return numbers.map(pad2).join('-');
}

/**
 * The basketball games by their prize names (document 2: "Quarter Prize", "Quarter & Reverse
 * Prize"), as the Winners Circle's short lines read; the histories name them in full below.
 */
const SPORTS_PRIZE_NAMES: Readonly<Record<number, string>> = {
  [GAME_TYPE.ENDING]: 'Ending',
  [GAME_TYPE.ENDING_QUARTER_PRIZE]: 'Quarter Prize',
  [GAME_TYPE.ENDING_REVERSE_PRIZE]: 'Quarter & Reverse Prize',
  [GAME_TYPE.ODD_EVEN]: 'Odd/Even',
  [GAME_TYPE.FIRST_TEAM_TO_SCORE]: 'First Team To Score',
  [GAME_TYPE.TEAM_WINNER]: 'Team Winner',
};

/**
 * What a win in the Winners Circle was on: 'Ending · LAL vs BOS', 'EZ 2', 'Lotto 6/45' — every
 * game by its name, never a bare 'Game'.
 */
export function winLabel({ GameId }: Pick<Winner, 'GameId'>): string {
  const type = GameId.GameType;
  const game = SPORTS_PRIZE_NAMES[type] ?? GAME_NAMES[type] ?? (isLotto(type) ? `Lotto 6/${type}` : `Game ${type}`);
  return GameId.Team1 && GameId.Team2 ? `${game} · ${GameId.Team1.Acronym} vs ${GameId.Team2.Acronym}` : game;
}

const GAME_NAMES: Readonly<Record<number, string>> = {
  [GAME_TYPE.ENDING]: 'Ending',
  [GAME_TYPE.ENDING_QUARTER_PRIZE]: 'Ending · Quarter Prize',
  [GAME_TYPE.ENDING_REVERSE_PRIZE]: 'Ending · Reverse Prize',
  [GAME_TYPE.ODD_EVEN]: 'Odd/Even',
  [GAME_TYPE.FIRST_TEAM_TO_SCORE]: 'First Team To Score',
  [GAME_TYPE.TEAM_WINNER]: 'Team Winner',
  [GAME_TYPE.SLOT_MACHINE]: 'Slot Machine',
  [GAME_TYPE.VIDEO_KARERA]: 'Video Karera',
  [GAME_TYPE.EZ2]: 'EZ 2',
  [GAME_TYPE.MEGA_MILLIONS]: 'Mega Millions',
};

/** Ending by bet length: 3 regular, 6 minor, 9 major, 12 grand (document 2, section 3). */
const ENDING_BY_LENGTH: Readonly<Record<number, string>> = {
  3: 'Ending (Regular)',
  6: 'Ending (Minor Jackpot)',
  9: 'Ending (Major Jackpot)',
  12: 'Ending (Grand Jackpot)',
};

const SCORE_TYPES = new Set<number>([GAME_TYPE.ENDING, GAME_TYPE.ENDING_QUARTER_PRIZE, GAME_TYPE.ENDING_REVERSE_PRIZE]);
const isLotto = (type: number) => (LOTTO_GAME_TYPES as readonly number[]).includes(type);
/** A 13-element lotto bet: 12 numbers and a last flag, 1 = JP (jackpot add-on). */
const LOTTO_WITH_FLAG = 13;

const picksOf = (bet: Bet): number[] => bet.BetDetails[0] ?? [];
const resultOf = (bet: Bet): number[] | null => bet.GameId.ResultId[0]?.result ?? null;

/** Quarters 1–4, then overtimes (Game Status 5 and up show OT). */
export function quarterLabel(quarter: number | undefined): string {
  if (quarter === undefined) return '';
  return quarter >= 5 ? `OT${quarter - 4}` : `Q${quarter}`;
}

function chunks(values: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** [team1digit, team2digit, quarter] repeated: '7-3 Q1, 8-0 Q2'. */
const scores = (values: readonly number[]) =>
  chunks(values, 3)
    .map(([one, two, quarter]) => `${one ?? ''}-${two ?? ''} ${quarterLabel(quarter)}`.trim())
    .join(', ');

const teamName = (team: Team | null, fallback: string) => team?.Acronym || team?.TeamName || fallback;
/** 0 = Team 1, 1 = Team 2 (the view's reading, docs/decisions/200). */
const side = (bet: Bet, value: number | undefined) =>
  value === 0 ? teamName(bet.GameId.Team1, 'Team 1') : teamName(bet.GameId.Team2, 'Team 2');
/** 0 = Odd (the view's reading, docs/decisions/200), 1 = Even. */
const oddEven = (value: number | undefined) => (value === 0 ? 'Odd' : 'Even');
/** E-Karera: 1 = UNO, otherwise DOS. */
const karera = (value: number | undefined) => kareraSideName(kareraSideOfResult(value ?? 0));

/** The game type's name, e.g. 'Ending (Grand Jackpot)', 'Pick 3 · 6/42', 'EZ 2'. */
export function gameTypeLabel(bet: Bet): string {
  const type = bet.GameId.GameType;
  const picks = picksOf(bet);
  if (type === GAME_TYPE.ENDING) return ENDING_BY_LENGTH[picks.length] ?? 'Ending';
  if (isLotto(type)) {
    if (picks.length === 3) return `Pick 3 · 6/${type}`;
    if (picks.length === 12 || picks.length === LOTTO_WITH_FLAG) return `Pick 12 · 6/${type}`;
    return `Lotto 6/${type}`;
  }
  return GAME_NAMES[type] ?? `Game ${type}`;
}

/** What the bet was on: the two teams of a match, or the draw / round and its time. */
export function matchLabel(bet: Bet): string {
  const { Team1, Team2, GameType, Schedule } = bet.GameId;
  if (Team1 && Team2) return `${teamName(Team1, 'Team 1')} vs ${teamName(Team2, 'Team 2')}`;
  const name = isLotto(GameType) ? `6/${GameType} draw` : (GAME_NAMES[GameType] ?? `Game ${GameType}`);
  return GameType === GAME_TYPE.SLOT_MACHINE ? name : `${name} · ${formatDateTime(Schedule)}`;
}

/** The player's picks, decoded per game type. */
export function picksText(bet: Bet): string {
  const type = bet.GameId.GameType;
  const picks = picksOf(bet);
  if (picks.length === 0) return '—';
  if (SCORE_TYPES.has(type)) return scores(picks);
  if (type === GAME_TYPE.ODD_EVEN) return `${oddEven(picks[0])} ${quarterLabel(picks[1])}`.trim();
  if (type === GAME_TYPE.FIRST_TEAM_TO_SCORE) return `${side(bet, picks[0])} ${quarterLabel(picks[1])}`.trim();
  // Team winner picks: [side, digits].
  if (type === GAME_TYPE.TEAM_WINNER) return picks[1] === undefined ? side(bet, picks[0]) : `${side(bet, picks[0])} · ${picks[1]}`;
  if (type === GAME_TYPE.VIDEO_KARERA) return karera(picks[0]);
  if (type === GAME_TYPE.EZ2) return `${formatLottoNumbers(type, picks.slice(0, 2))} ${picks[2] === 1 ? 'R' : 'S'}`;
  if (isLotto(type) && picks.length === LOTTO_WITH_FLAG) return `${formatLottoNumbers(type, picks.slice(0, 12))}${picks[12] === 1 ? ' · JP' : ''}`;
  if (type === GAME_TYPE.SLOT_MACHINE) return picks.join(', ');
  return formatLottoNumbers(type, picks);
}

/** The game's result, decoded the same way; 'Pending' until there is one. */
export function resultText(bet: Bet): string {
  const result = resultOf(bet);
  if (!result || result.length === 0) return bet.Status === BET_STATUS.ONGOING ? 'Pending' : 'No result';
  const type = bet.GameId.GameType;
  if (SCORE_TYPES.has(type)) return scores(result);
  if (type === GAME_TYPE.ODD_EVEN) return `${oddEven(result[0])} ${quarterLabel(result[1])}`.trim();
  if (type === GAME_TYPE.FIRST_TEAM_TO_SCORE) return `${side(bet, result[0])} ${quarterLabel(result[1])}`.trim();
  if (type === GAME_TYPE.TEAM_WINNER) return side(bet, result[0]);
  if (type === GAME_TYPE.VIDEO_KARERA) return karera(result[0]);
  if (type === GAME_TYPE.SLOT_MACHINE) return result.join(', ');
  return formatLottoNumbers(type, result);
}

/** The whole stake: Amount plus the extra legs (Amounttwo…Amountfour). */
export function betStake(bet: Bet): number {
  const centavos = [bet.Amount, bet.Amounttwo, bet.Amountthree, bet.Amountfour].reduce<number>(
    (sum, amount) => sum + toCentavos(amount ?? 0),
    0,
  );
  return fromCentavos(centavos);
}

/** Bet Status (document 2, section 4): 0 Return, 1 Ongoing, 2 Win (green), 3 Lose (red). */
export const BET_STATUS_VIEW: Readonly<Record<BetStatus, { label: string; color?: string }>> = {
  [BET_STATUS.RETURN]: { label: 'Return' },
  [BET_STATUS.ONGOING]: { label: 'Ongoing' },
  [BET_STATUS.WIN]: { label: 'Win', color: 'green' },
  [BET_STATUS.LOSE]: { label: 'Lose', color: 'red' },
};
