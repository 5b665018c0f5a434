import { BETTING_CLOSED, BETTING_IN_PLAY, BETTING_OPEN, ENDING_MARKET_CLOSED, GAME_STATUS, type BetSet, type ScheduledGame, type Winner } from '@suwerte/contracts/sports';
import { type Team } from '@suwerte/contracts/core';

// Records as the player API sends them, for component tests (the e2e suites use the real API).

let counter = 0;
/** A fresh 24-hex record id. */
export function recordId(): string {
  counter += 1;
  return counter.toString(16).padStart(24, '0');
}

export const LAKERS: Team = { TeamName: 'Manila Lakers', Acronym: 'MNL', League: 'PBA', ImageLink: '' };
export const CELTICS: Team = { TeamName: 'Cebu Celtics', Acronym: 'CEB', League: 'PBA', ImageLink: '' };

/** A game open for every jackpot: before tip-off, Ending betting open. */
export function scheduledGame(overrides: Partial<ScheduledGame> = {}): ScheduledGame {
  const status = overrides.Status ?? GAME_STATUS.SCHEDULED;
  // The Ending's BettingStatus as the player API sets it (decision 191): 1 before tip-off, 2 in
  // play, 0 once the Ending market has closed.
  const bettingStatus =
    status === GAME_STATUS.SCHEDULED ? BETTING_OPEN : overrides.EndingBettingStatus === ENDING_MARKET_CLOSED ? BETTING_CLOSED : BETTING_IN_PLAY;
  return {
    _id: recordId(),
    Schedule: new Date(Date.now() + 3_600_000).toISOString(),
    Status: GAME_STATUS.SCHEDULED,
    Team1: LAKERS,
    Team2: CELTICS,
    createdAt: '2026-06-01T00:00:00.000Z',
    Ending: { _id: recordId(), maxbet: 5000, minbet: 10, BettingStatus: bettingStatus, ResultId: [] },
    Endingwq: { _id: recordId() },
    Endingwqr: { _id: recordId() },
    FTTS: { _id: recordId(), ResultId: [] },
    OddEven: { _id: recordId(), ResultId: [] },
    Teambetting: { _id: recordId() },
    EndingBettingStatus: 1,
    Endingmin: 10,
    Scores: [],
    ...overrides,
  };
}

/** A completed game with four quarters of scores and results. */
export function completedGame(overrides: Partial<ScheduledGame> = {}): ScheduledGame {
  const base = scheduledGame({ Schedule: new Date(Date.now() - 3 * 3_600_000).toISOString(), Status: GAME_STATUS.COMPLETED, EndingBettingStatus: 0 });
  return {
    ...base,
    Ending: { ...base.Ending, BettingStatus: 0, ResultId: [{ result: [4, 1, 1] }, { result: [2, 9, 2] }, { result: [8, 3, 3] }, { result: [5, 7, 4] }] },
    OddEven: base.OddEven && { ...base.OddEven, ResultId: [{ result: [0, 1] }, { result: [1, 2] }, { result: [1, 3] }, { result: [0, 4] }] },
    FTTS: base.FTTS && { ...base.FTTS, ResultId: [{ result: [1, 1] }, { result: [0, 2] }, { result: [0, 3] }, { result: [1, 4] }] },
    Scores: [
      { quarter: 1, Team1: 24, Team2: 21 },
      { quarter: 2, Team1: 18, Team2: 28 },
      { quarter: 3, Team1: 26, Team2: 15 },
      { quarter: 4, Team1: 17, Team2: 23 },
    ],
    ...overrides,
  };
}

export function winner(name: string, amount: number, overrides: Partial<Winner> = {}): Winner {
  return {
    _id: recordId(),
    UserId: { username: name },
    GameId: { _id: recordId(), GameType: 61, Team1: LAKERS, Team2: CELTICS, Schedule: '2026-06-13T11:00:00.000Z', ResultId: [] },
    WinAmount: amount,
    createdAt: '2026-06-13T12:00:00.000Z',
    ...overrides,
  };
}

/** A bet set as GET bets/game/{1|2|3}/{endingId} sends it: `BetDetails[0]` is slot1, slot2, quarter per line. */
export function betSet(legs: [number, number, number][], amounts: number[], createdAt = '2026-06-13T13:05:00.000Z'): BetSet {
  return {
    _id: recordId(),
    Amount: amounts[0] ?? 0,
    Amounttwo: amounts[1] ?? 0,
    ...(amounts[2] === undefined ? {} : { Amountthree: amounts[2] }),
    BetDetails: [legs.flat()],
    createdAt,
  };
}
