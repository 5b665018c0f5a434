import { BETTING_CLOSED, ENDING_LAUNCH, GAME_STATUS, isJackpotClosed, openQuarters, type JackpotKind, type ScheduledGame } from '@suwerte/contracts/sports';

/** Where each game of a match is played: a jackpot page of this remote, or a launch route. */
export const sportsPaths = {
  grand: (gameId: string) => `/Basketball/Grandjackpot/${gameId}`,
  major: (gameId: string) => `/Basketball/Major/${gameId}`,
  minor: (gameId: string) => `/Basketball/Minor/${gameId}`,
  regular: (endingId: string) => `/EndingRoute/${endingId}/${ENDING_LAUNCH.regular}`,
  overtime: (endingId: string) => `/EndingRoute/${endingId}/${ENDING_LAUNCH.overtime}`,
  quarterPrize: (id: string) => `/EndingwqRoute/${id}`,
  teamWinner: (id: string) => `/TeamBetting/${id}`,
  firstTeamToScore: (id: string) => `/FTTS/${id}`,
  oddEven: (id: string) => `/OddEven/${id}`,
} as const;

export interface BettingGame {
  /** Stable key, also the card's test id suffix. */
  key: string;
  /** The card's heading, the spec's name of the game. */
  title: string;
  /** One line telling a player what they bet on. */
  description: string;
  /** 'Ending' prize types first, then the other games. */
  group: 'ending' | 'other';
  /** Where Place bet goes. */
  to: string;
  /** Betting on it has closed for this match: no Place bet. */
  closed: boolean;
  /** Its page still shows the player's bets once betting has closed (the jackpots' Active Bets). */
  keepsBets: boolean;
}

const JACKPOT_CARDS: { kind: JackpotKind; title: string; description: string }[] = [
  { kind: 'grand', title: 'Grand Jackpot', description: 'Q1, Q2 and Q3 endings plus the Grand Jackpot line on Q4.' },
  { kind: 'major', title: 'Major Jackpot', description: 'Three quarters of your choice, one ending each.' },
  { kind: 'minor', title: 'Minor Jackpot', description: 'Two quarters of your choice, one ending each.' },
];

/**
 * The cards of the 'Select Betting Game' dialog, read from the game's fields: the Ending prize
 * types (Regular, the three jackpots, Quarter Prize, Quarter & Reverse, Overtime), then Odd/Even,
 * First Team To Score and Team Winner — each only when the match offers it.
 */
export function bettingGames(game: ScheduledGame): BettingGame[] {
  const endingId = game.Ending._id;
  // The same rules the player API applies when a bet arrives (decision 061): a quarter market
  // while a quarter is still to start, the Overtime until overtime starts, the Team Winner
  // before tip-off. Here they only label the cards; the server decides. The Ending's
  // BettingStatus is 1 only before tip-off (the Grand's rule, decision 191): the quarters go by
  // EndingBettingStatus.
  const quartersClosed = openQuarters(game.EndingBettingStatus).length === 0;
  const overtimeClosed = game.Ending.BettingStatus === BETTING_CLOSED || game.Status > GAME_STATUS.Q4;
  const winnerClosed = game.Status !== GAME_STATUS.SCHEDULED;
  const cards: BettingGame[] = [
    {
      key: 'regular',
      title: 'Regular (x70)',
      description: "Pick the last digits of both teams' scores at the end of a quarter: 70× your stake.",
      group: 'ending',
      to: sportsPaths.regular(endingId),
      closed: quartersClosed,
      keepsBets: false,
    },
    ...JACKPOT_CARDS.map(({ kind, title, description }) => ({
      key: kind,
      title,
      description,
      group: 'ending' as const,
      to: sportsPaths[kind](game._id),
      closed: isJackpotClosed(kind, game),
      keepsBets: true,
    })),
  ];
  if (game.Endingwq) {
    cards.push({
      key: 'quarter-prize',
      title: 'Quarter Prize',
      description: 'An ending on the quarter you choose.',
      group: 'ending',
      to: sportsPaths.quarterPrize(game.Endingwq._id),
      closed: quartersClosed,
      keepsBets: false,
    });
  }
  if (game.Endingwqr) {
    cards.push({
      key: 'quarter-reverse',
      title: 'Quarter & Reverse Prize',
      description: 'An ending on your quarter that also pays when the digits come reversed.',
      group: 'ending',
      to: sportsPaths.quarterPrize(game.Endingwqr._id),
      closed: quartersClosed,
      keepsBets: false,
    });
  }
  cards.push({
    key: 'overtime',
    title: 'Overtime',
    description: 'The ending of the overtime, if the game goes there.',
    group: 'ending',
    to: sportsPaths.overtime(endingId),
    closed: overtimeClosed,
    keepsBets: false,
  });
  if (game.OddEven) {
    cards.push({ key: 'odd-even', title: 'Odd/Even', description: 'Odd or even total at the end of a quarter.', group: 'other', to: sportsPaths.oddEven(game.OddEven._id), closed: quartersClosed, keepsBets: false });
  }
  if (game.FTTS) {
    cards.push({
      key: 'ftts',
      title: 'First Team To Score',
      description: 'Which team scores first in a quarter.',
      group: 'other',
      to: sportsPaths.firstTeamToScore(game.FTTS._id),
      closed: quartersClosed,
      keepsBets: false,
    });
  }
  if (game.Teambetting) {
    cards.push({ key: 'team-winner', title: 'Team Winner', description: 'Which team wins the game.', group: 'other', to: sportsPaths.teamWinner(game.Teambetting._id), closed: winnerClosed, keepsBets: false });
  }
  return cards;
}
