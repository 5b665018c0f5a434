import { BET_STATUS, GAME_TYPE } from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import {
  breakFinalTie,
  endingResult,
  firstToScoreResult,
  needsAnotherPeriod,
  oddEvenResult,
  quarterResult,
  settleOutcome,
  winnerResult,
  type Period,
} from './scoring';

// 25-22, 43-49, 73-69, 93-93 (level: overtime), 103-100.
const PERIODS: Period[] = [
  { quarter: 1, Team1: 25, Team2: 22, first: 0 },
  { quarter: 2, Team1: 18, Team2: 27, first: 1 },
  { quarter: 3, Team1: 30, Team2: 20, first: 0 },
  { quarter: 4, Team1: 20, Team2: 24, first: 1 },
  { quarter: 5, Team1: 10, Team2: 7, first: 0 },
];
const upTo = (quarter: number) => PERIODS.filter((period) => period.quarter <= quarter);

describe('results', () => {
  it('reads the Ending from the running score, the Quarter Prize from the quarter’s own points', () => {
    expect([1, 2, 3, 4, 5].map((quarter) => endingResult(PERIODS, quarter))).toEqual([
      [5, 2, 1],
      [3, 9, 2],
      [3, 9, 3],
      [3, 3, 4],
      [3, 0, 5],
    ]);
    expect(quarterResult(PERIODS, 2)).toEqual([8, 7, 2]);
    expect(endingResult(upTo(2), 3)).toBeNull();
  });

  it('reads odd/even (0 = Odd), the first team to score and the winner', () => {
    expect([1, 3].map((quarter) => oddEvenResult(PERIODS, quarter))).toEqual([
      [0, 1],
      [1, 3],
    ]);
    expect(firstToScoreResult(PERIODS, 2)).toEqual([1, 2]);
    expect(winnerResult(PERIODS)).toEqual([0]);
  });

  it('plays overtime while level after Q4, at most twice, and never ends level', () => {
    expect(needsAnotherPeriod(upTo(3))).toBe(true);
    expect(needsAnotherPeriod(upTo(4))).toBe(true);
    expect(needsAnotherPeriod(PERIODS)).toBe(false);
    const level: Period[] = [...upTo(4), { quarter: 5, Team1: 8, Team2: 8, first: 1 }];
    expect(needsAnotherPeriod(level)).toBe(true);
    const last = breakFinalTie(level, { quarter: 6, Team1: 5, Team2: 5, first: 1 });
    expect(last).toEqual({ quarter: 6, Team1: 5, Team2: 6, first: 1 });
    expect(needsAnotherPeriod([...level, last])).toBe(false);
  });
});

describe('settlement of every kind', () => {
  const settle = (gameType: number, picks: number[], stakes: number[], periods = PERIODS, completed = true) =>
    settleOutcome({ gameType, picks, stakesCentavos: stakes }, periods, completed);

  it('pays a regular Ending 70× once its quarter has ended', () => {
    expect(settle(GAME_TYPE.ENDING, [5, 2, 1], [10_000], upTo(1), false)).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 700_000 });
    expect(settle(GAME_TYPE.ENDING, [2, 5, 1], [10_000], upTo(1), false)).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
    expect(settle(GAME_TYPE.ENDING, [5, 2, 2], [10_000], upTo(1), false)).toBeNull();
  });

  it('pays an overtime bet 70×, and returns it when there was no overtime', () => {
    expect(settle(GAME_TYPE.ENDING, [3, 0, 5], [5_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 350_000 });
    expect(settle(GAME_TYPE.ENDING, [3, 0, 6], [5_000])).toEqual({ status: BET_STATUS.RETURN, payoutCentavos: 5_000 });
    expect(settle(GAME_TYPE.ENDING, [3, 0, 6], [5_000], PERIODS, false)).toBeNull();
  });

  it('pays each hit jackpot line 70×, and marks an entry whose every line hit', () => {
    expect(settle(GAME_TYPE.ENDING, [5, 2, 1, 3, 9, 2], [1_000, 2_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 210_000, jackpotHit: true });
    expect(settle(GAME_TYPE.ENDING, [5, 2, 1, 0, 0, 2, 3, 9, 3], [1_000, 1_000, 1_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 140_000 });
    expect(settle(GAME_TYPE.ENDING, [0, 0, 1, 0, 0, 2, 0, 0, 3], [1_000, 1_000, 1_000])).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
    // The Grand: three staked rows and the Q4 line, which has no stake of its own.
    expect(settle(GAME_TYPE.ENDING, [5, 2, 1, 3, 9, 2, 3, 9, 3, 3, 3, 4], [1_000, 1_000, 1_000])).toEqual({
      status: BET_STATUS.WIN,
      payoutCentavos: 210_000,
      jackpotHit: true,
    });
    expect(settle(GAME_TYPE.ENDING, [5, 2, 1, 3, 9, 2, 3, 9, 3, 3, 3, 4], [1_000, 1_000, 1_000], upTo(3), false)).toBeNull();
  });

  it('pays the Quarter Prize 70×, and Quarter & Reverse 70× exact or 35× reversed', () => {
    expect(settle(GAME_TYPE.ENDING_QUARTER_PRIZE, [8, 7, 2], [2_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 140_000 });
    expect(settle(GAME_TYPE.ENDING_REVERSE_PRIZE, [8, 7, 2], [2_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 140_000 });
    expect(settle(GAME_TYPE.ENDING_REVERSE_PRIZE, [7, 8, 2], [2_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 70_000 });
    expect(settle(GAME_TYPE.ENDING_REVERSE_PRIZE, [0, 0, 3], [2_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 140_000 });
    expect(settle(GAME_TYPE.ENDING_REVERSE_PRIZE, [1, 2, 2], [2_000])).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
  });

  it('pays Odd/Even, First Team To Score and Team Winner 1.9×', () => {
    expect(settle(GAME_TYPE.ODD_EVEN, [0, 1], [10_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 19_000 });
    expect(settle(GAME_TYPE.ODD_EVEN, [0, 3], [10_000])).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
    expect(settle(GAME_TYPE.FIRST_TEAM_TO_SCORE, [1, 2], [10_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 19_000 });
    expect(settle(GAME_TYPE.TEAM_WINNER, [0, 0], [10_000])).toEqual({ status: BET_STATUS.WIN, payoutCentavos: 19_000 });
    expect(settle(GAME_TYPE.TEAM_WINNER, [0, 3], [10_000])).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
    expect(settle(GAME_TYPE.TEAM_WINNER, [1, 0], [10_000])).toEqual({ status: BET_STATUS.LOSE, payoutCentavos: 0 });
    expect(settle(GAME_TYPE.TEAM_WINNER, [0, 0], [10_000], upTo(4), false)).toBeNull();
  });
});
