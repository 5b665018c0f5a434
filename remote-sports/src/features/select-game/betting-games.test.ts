import { BETTING_CLOSED, BETTING_IN_PLAY, GAME_STATUS } from '@suwerte/shared';
import { scheduledGame } from '../../testing/sports-data';
import { bettingGames } from './betting-games';

const closedKeys = (...args: Parameters<typeof scheduledGame>) =>
  bettingGames(scheduledGame(...args))
    .filter((card) => card.closed)
    .map((card) => card.key);

/**
 * A game under way as the player API sends it (decision 191): the Ending's BettingStatus is 2 (in
 * play) while EndingBettingStatus leaves something open, 0 once it is 0.
 */
const underWay = (Status: number, EndingBettingStatus: number) => {
  const base = scheduledGame();
  return { Status, EndingBettingStatus, Ending: { ...base.Ending, BettingStatus: EndingBettingStatus === 0 ? BETTING_CLOSED : BETTING_IN_PLAY } };
};

describe("the 'Select Betting Game' cards", () => {
  it('are all open before tip-off', () => {
    expect(closedKeys()).toEqual([]);
  });

  it('close as the game goes on, as the player API refuses bets', () => {
    // Q1 under way: the Grand (fixed from Q1) and the Team Winner (before tip-off only) close.
    expect(closedKeys(underWay(GAME_STATUS.Q1, 2))).toEqual(['grand', 'team-winner']);
    // Q2 under way: the Major too (EndingBettingStatus 3); Q3: the Minor (4).
    expect(closedKeys(underWay(GAME_STATUS.Q2, 3))).toEqual(['grand', 'major', 'team-winner']);
    expect(closedKeys(underWay(GAME_STATUS.Q3, 4))).toEqual(['grand', 'major', 'minor', 'team-winner']);
    // Q4 under way: every quarter market; only the Overtime is left.
    expect(closedKeys(underWay(GAME_STATUS.Q4, 5))).toEqual(['regular', 'grand', 'major', 'minor', 'quarter-prize', 'quarter-reverse', 'odd-even', 'ftts', 'team-winner']);
    // Overtime under way: everything.
    const all = bettingGames(scheduledGame()).map((card) => card.key);
    expect(closedKeys(underWay(GAME_STATUS.OT1, 0))).toEqual(all);
  });

  it('leave out the games a match does not offer', () => {
    const keys = bettingGames(scheduledGame({ Endingwq: null, Endingwqr: null, FTTS: null, OddEven: null, Teambetting: null })).map((card) => card.key);
    expect(keys).toEqual(['regular', 'grand', 'major', 'minor', 'overtime']);
  });
});
