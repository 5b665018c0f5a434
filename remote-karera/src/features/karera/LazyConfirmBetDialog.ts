import { lazyDialog } from '@suwerte/ui';

/**
 * 'Place your bet', closed on the game pages' first screen: its code (and the kernel's overlays)
 * comes with its first opening or an idle moment, not before the page's heading (docs/decisions/225).
 */
export const LazyConfirmBetDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-ConfirmBet" */ './ConfirmBetDialog').then((module) => module.ConfirmBetDialog), {
  name: 'Place your bet',
  open: 'opened',
  close: 'onCancel',
});
