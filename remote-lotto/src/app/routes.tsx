import type { RouteObject } from '@suwerte/shared';

const launch = () => import('../features/launch/LaunchPages');

/**
 * Exposed as `lotto/routes`, patched under the host's protected layout (no token → sign-in).
 * Each page's code loads only when visited; the launch pages share one small chunk.
 */
export const routes: RouteObject[] = [
  {
    path: 'Lotto',
    // The page's first calls go out beside its code (docs/decisions/211).
    handle: { prefetch: async () => (await import(/* webpackChunkName: "data-Lotto" */ '../features/lotto/prefetch-lotto-page')).prefetchLottoPage() },
    lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-Lotto" */ '../features/lotto/LottoPage')).LottoPage }),
  },
  { path: 'Pick3Route/:id', lazy: async () => ({ Component: (await launch()).Pick3LaunchPage }) },
  { path: 'Pick12Route/:id', lazy: async () => ({ Component: (await launch()).Pick12LaunchPage }) },
  { path: 'MegaMillionRoute', lazy: async () => ({ Component: (await launch()).MegaMillionLaunchPage }) },
  { path: 'EZ2Route/:id', lazy: async () => ({ Component: (await launch()).EZ2LaunchPage }) },
  { path: 'WetengRoute/:id', lazy: async () => ({ Component: (await launch()).WetengLaunchPage }) },
];
