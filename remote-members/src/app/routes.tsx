import { ComingSoon, Navigate, type RouteObject } from '@suwerte/shared';

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
      { path: 'deposit', element: <ComingSoon title="Deposit" /> },
      { path: 'withdraw', element: <ComingSoon title="Withdraw" /> },
      { path: 'history', element: <Navigate to="../transaction-history" replace /> },
      { path: 'bet-history', element: <ComingSoon title="Bet History" /> },
      { path: 'transaction-history', element: <ComingSoon title="Transaction History" /> },
    ],
  },
];
