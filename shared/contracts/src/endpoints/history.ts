// The two history screens (document 2, sections 2 and 7).
import { BetHistorySchema, TransactionHistorySchema } from '../contracts/history';
import { defineEndpoint } from './define';

export const historyEndpoints = {
  /** The player's bets of the last 7 days, newest first. */
  bets: defineEndpoint({
    method: 'GET',
    path: '/bet/history',
    auth: 'player',
    summary: 'Bet history (document 2, section 7)',
    response: BetHistorySchema,
  }),
  /** The player's money movements of the last 7 days, in ledger order. */
  transactions: defineEndpoint({
    method: 'GET',
    path: '/transact/history',
    auth: 'player',
    summary: 'Transaction history (document 2, section 7)',
    response: TransactionHistorySchema,
  }),
};
