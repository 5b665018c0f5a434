import type { RouteObject } from '@suwerte/shared';

/**
 * Exposed as `karera/routes`, patched under the host's protected layout. Pages load on first
 * visit, so socket.io-client comes only with the live game pages.
 */
export const routes: RouteObject[] = [
  { path: 'Egames', lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-Egames" */ '../features/egames/EGamesHubPage')).EGamesHubPage }) },
  { path: 'VideoKarera', lazy: async () => ({ Component: (await import(/* webpackChunkName: "page-VideoKarera" */ '../features/karera/VideoKareraPage')).VideoKareraPage }) },
  { path: 'UnoDos', lazy: async () => ({ Component: (await import('../features/karera/UnoDosPage')).UnoDosPage }) },
  { path: 'SlotMachine', lazy: async () => ({ Component: (await import('../features/slot-machine/SlotMachinePage')).SlotMachinePage }) },
  {
    path: 'SlotMachineRoute',
    lazy: async () => ({ Component: (await import('../features/slot-machine/SlotMachineRoutePage')).SlotMachineRoutePage }),
  },
];
