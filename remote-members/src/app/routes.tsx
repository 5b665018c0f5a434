import { Navigate, type RouteObject } from '@suwerte/shared';

/**
 * Exposed as `members/routes`. The host patches these under its protected layout on the first
 * navigation into `/members`; each page's code loads only when visited.
 */
export const routes: RouteObject[] = [
  {
    path: 'members',
    lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members" */ '../components/MembersLayout')).MembersLayout }),
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      { path: 'profile', lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members.profile" */ '../features/profile/ProfilePage')).ProfilePage }) },
      {
        path: 'deposit',
        // The page's first calls go out beside its code (docs/decisions/211).
        handle: { prefetch: async () => (await import(/* webpackChunkName: "data-members.deposit" */ '../features/deposit/prefetch-deposit-page')).prefetchDepositPage() },
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members.deposit" */ '../features/deposit/DepositPage')).DepositPage }),
      },
      { path: 'withdraw', lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members.withdraw" */ '../features/withdraw/WithdrawPage')).WithdrawPage }) },
      // The spec lists `history` among the children without saying what it shows: it lands on the
      // transaction history, the complete record (every deposit, withdrawal, bet and payout).
      { path: 'history', element: <Navigate to="../transaction-history" replace /> },
      { path: 'bet-history', lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members.bet-history" */ '../features/bet-history/BetHistoryPage')).BetHistoryPage }) },
      {
        path: 'transaction-history',
        lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-members.transaction-history" */ '../features/transaction-history/TransactionHistoryPage')).TransactionHistoryPage }),
      },
    ],
  },
];
