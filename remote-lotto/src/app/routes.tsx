import { ComingSoon, type RouteObject } from '@suwerte/shared';

const lottoSoon = <ComingSoon title="Lotto">Lotto draws, results and game launches are coming soon.</ComingSoon>;

/** Exposed as `lotto/routes`, patched under the host's protected layout. */
export const routes: RouteObject[] = [
  { path: 'Lotto', element: lottoSoon },
  { path: 'Pick3Route/:id', element: lottoSoon },
  { path: 'Pick12Route/:id', element: lottoSoon },
  { path: 'MegaMillionRoute', element: lottoSoon },
  { path: 'EZ2Route/:id', element: lottoSoon },
  { path: 'WetengRoute/:id', element: lottoSoon },
];
