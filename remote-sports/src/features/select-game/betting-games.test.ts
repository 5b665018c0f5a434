// @vitest-environment node
import { GAME_STATUS } from '@suwerte/contracts/sports';
import { scheduledGame } from '../../testing/sports-data';
import { bettingGames } from './betting-games';

const closedKeys = (...args: Parameters<typeof scheduledGame>) =>
  bettingGames(scheduledGame(...args))
    .filter((card) => card.closed)
    .map((card) => card.key);

describe("the 'Select Betting Game' cards", () => {
  it('are all open before tip-off', () => {
    expect(closedKeys()).toEqual([]);
  });

  it('close as the game goes on, as the player API refuses bets', () => {
    // Q1 under way: the Grand (fixed from Q1) and the Team Winner (before tip-off only) close.
    expect(closedKeys({ Status: GAME_STATUS.Q1, EndingBettingStatus: 2 })).toEqual(['grand', 'team-winner']);
    // Q2 under way: the Major too (EndingBettingStatus 3); Q3: the Minor (4).
    expect(closedKeys({ Status: GAME_STATUS.Q2, EndingBettingStatus: 3 })).toEqual(['grand', 'major', 'team-winner']);
    expect(closedKeys({ Status: GAME_STATUS.Q3, EndingBettingStatus: 4 })).toEqual(['grand', 'major', 'minor', 'team-winner']);
    // Q4 under way: every quarter market; only the Overtime is left.
    expect(closedKeys({ Status: GAME_STATUS.Q4, EndingBettingStatus: 5 })).toEqual(['regular', 'grand', 'major', 'minor', 'quarter-prize', 'quarter-reverse', 'odd-even', 'ftts', 'team-winner']);
    // Overtime under way: everything.
    const all = bettingGames(scheduledGame()).map((card) => card.key);
    expect(closedKeys({ Status: GAME_STATUS.OT1, EndingBettingStatus: 0 })).toEqual(all);
  });

  it('leave out the games a match does not offer', () => {
    const keys = bettingGames(scheduledGame({ Endingwq: null, Endingwqr: null, FTTS: null, OddEven: null, Teambetting: null })).map((card) => card.key);
    expect(keys).toEqual(['regular', 'grand', 'major', 'minor', 'overtime']);
  });
});
