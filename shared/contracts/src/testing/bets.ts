import type { Bet, Team, Transaction } from '../contracts/history';

// Test data in the contract shapes, for the history screens' tests.

export const GINEBRA: Team = { TeamName: 'Barangay Ginebra San Miguel', Acronym: 'BGSM', League: 'PBA', ImageLink: '' };
export const BEERMEN: Team = { TeamName: 'San Miguel Beermen', Acronym: 'SMB', League: 'PBA', ImageLink: '' };

let counter = 0;
const id = () => (0x6650c0000000 + (counter += 1)).toString(16).padStart(24, '0');

export interface BetOptions {
  type: number;
  picks: number[];
  result?: number[] | null;
  status?: Bet['Status'];
  teams?: boolean;
  amounts?: number[];
  createdAt?: string;
}

export function makeBet({ type, picks, result = null, status = 3, teams = false, amounts = [50], createdAt = '2026-06-01T04:00:00.000Z' }: BetOptions): Bet {
  const [Amount = 0, Amounttwo, Amountthree, Amountfour] = amounts;
  return {
    _id: id(),
    GameId: {
      _id: id(),
      GameType: type,
      Team1: teams ? GINEBRA : null,
      Team2: teams ? BEERMEN : null,
      Schedule: '2026-06-01T13:00:00.000Z',
      ResultId: result ? [{ result }] : [],
    },
    BetDetails: [picks],
    Amount,
    ...(Amounttwo === undefined ? {} : { Amounttwo }),
    ...(Amountthree === undefined ? {} : { Amountthree }),
    ...(Amountfour === undefined ? {} : { Amountfour }),
    Status: status,
    createdAt,
  };
}

export function makeTransaction(overrides: Partial<Transaction> & Pick<Transaction, 'Mode' | 'Amount' | 'Balance'>): Transaction {
  return { _id: id(), createdAt: '2026-06-01T05:00:00.000Z', BetId: null, ...overrides };
}
