import { Navigate, type RouteObject } from '@suwerte/shared';

/**
 * Exposed as `members/routes`. The host patches these under its protected layout on the first
 * navigation into `/members`; each page's code loads only when visited.
 */
export const routes: RouteObject[] = [
  {
    path: 'members',
    lazy: async () => ({ Component: (await import('../components/MembersLayout')).MembersLayout }),
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      { path: 'profile', lazy: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }) },
      { path: 'deposit', lazy: async () => ({ Component: (await import('../features/deposit/DepositPage')).DepositPage }) },
      { path: 'withdraw', lazy: async () => ({ Component: (await import('../features/withdraw/WithdrawPage')).WithdrawPage }) },
      // The spec lists `history` among the children without saying what it shows: it lands on the
      // transaction history, the complete record (every deposit, withdrawal, bet and payout).
      { path: 'history', element: <Navigate to="../transaction-history" replace /> },
      { path: 'bet-history', lazy: async () => ({ Component: (await import('../features/bet-history/BetHistoryPage')).BetHistoryPage }) },
      {
        path: 'transaction-history',
        lazy: async () => ({ Component: (await import('../features/transaction-history/TransactionHistoryPage')).TransactionHistoryPage }),
      },
    ],
  },
];
