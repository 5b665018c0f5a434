import { ComingSoon, type RouteObject } from '@suwerte/shared';

const sportsSoon = <ComingSoon title="Sports">Basketball Ending and jackpot betting are coming soon.</ComingSoon>;

/** Exposed as `sports/routes`, patched under the host's protected layout. */
export const routes: RouteObject[] = [
  { path: 'Sports', element: sportsSoon },
  { path: 'Basketball/*', element: sportsSoon },
  { path: 'EndingRoute/*', element: sportsSoon },
  { path: 'EndingwqRoute/:id', element: sportsSoon },
  { path: 'TeamBetting/:id', element: sportsSoon },
  { path: 'FTTS/:id', element: sportsSoon },
  { path: 'OddEven/:id', element: sportsSoon },
];
