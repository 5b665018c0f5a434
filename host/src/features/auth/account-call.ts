// Split point: the API client, TanStack Query and the contracts stay out of the shell's first paint.
import { startAccountSync as startKernelAccountSync, type AccountSyncOptions } from '@suwerte/shared/host';
import { whenLandingPageShown } from '../../lib/landing-page';

/** The kernel's account sync, whose stream opens once the page landed on is on the screen (docs/decisions/246). */
export function startAccountSync(options: Omit<AccountSyncOptions, 'streamAfter'> = {}): () => void {
  return startKernelAccountSync({ ...options, streamAfter: whenLandingPageShown() });
}
