import { GAME_TYPE, type Winner } from '@suwerte/shared';

const SPORTS_GAME_NAMES: Readonly<Record<number, string>> = {
  [GAME_TYPE.ENDING]: 'Ending',
  [GAME_TYPE.ENDING_QUARTER_PRIZE]: 'Quarter Prize',
  [GAME_TYPE.ENDING_REVERSE_PRIZE]: 'Quarter & Reverse Prize',
  [GAME_TYPE.ODD_EVEN]: 'Odd/Even',
  [GAME_TYPE.FIRST_TEAM_TO_SCORE]: 'First Team To Score',
  [GAME_TYPE.TEAM_WINNER]: 'Team Winner',
};

/** What a win was on: 'Ending · LAL vs BOS'. */
export function winLabel({ GameId }: Pick<Winner, 'GameId'>): string {
  const game = SPORTS_GAME_NAMES[GameId.GameType] ?? 'Game';
  return GameId.Team1 && GameId.Team2 ? `${game} · ${GameId.Team1.Acronym} vs ${GameId.Team2.Acronym}` : game;
}
