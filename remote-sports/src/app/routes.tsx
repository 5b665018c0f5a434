import type { RouteObject } from '@suwerte/shared';

const launch = () => import('../features/launch/LaunchPages');
const jackpot = () => import('../features/jackpot/JackpotPages');

/**
 * Exposed as `sports/routes`, patched under the host's protected layout (no token → sign-in).
 * Each page's code loads only when visited; the launch pages share one small chunk, and so do
 * the three jackpot pages.
 */
export const routes: RouteObject[] = [
  {
    path: 'Sports',
    // The page's first calls go out beside its code (docs/decisions/211).
    handle: { prefetch: async () => (await import(/* webpackChunkName: "data-Sports" */ '../features/sports/prefetch-sports-page')).prefetchSportsPage() },
    lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-Sports" */ '../features/sports/SportsPage')).SportsPage }),
  },
  { path: 'Basketball/Grandjackpot/:id', lazy: async () => ({ Component: (await jackpot()).GrandJackpotPage }) },
  { path: 'Basketball/Major/:id', lazy: async () => ({ Component: (await jackpot()).MajorJackpotPage }) },
  { path: 'Basketball/Minor/:id', lazy: async () => ({ Component: (await jackpot()).MinorJackpotPage }) },
  { path: 'EndingRoute/:endingId/:code', lazy: async () => ({ Component: (await launch()).EndingLaunchPage }) },
  { path: 'EndingwqRoute/:id', lazy: async () => ({ Component: (await launch()).EndingwqLaunchPage }) },
  { path: 'TeamBetting/:id', lazy: async () => ({ Component: (await launch()).TeamBettingLaunchPage }) },
  { path: 'FTTS/:id', lazy: async () => ({ Component: (await launch()).FttsLaunchPage }) },
  { path: 'OddEven/:id', lazy: async () => ({ Component: (await launch()).OddEvenLaunchPage }) },
];
