import { ComingSoon, type RouteObject } from '@suwerte/shared';

/** Exposed as `karera/routes`, patched under the host's protected layout. */
export const routes: RouteObject[] = [
  { path: 'Egames', lazy: async () => ({ Component: (await import('../features/egames/EGamesHubPage')).EGamesHubPage }) },
  { path: 'VideoKarera', element: <ComingSoon title="Video Karera">The live race game is coming soon.</ComingSoon> },
  { path: 'SlotMachine', element: <ComingSoon title="Lucky Keno">The slot game is coming soon.</ComingSoon> },
  { path: 'SlotMachineRoute', element: <ComingSoon title="Lucky Keno">The slot game is coming soon.</ComingSoon> },
];
