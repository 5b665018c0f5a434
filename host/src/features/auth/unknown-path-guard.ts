import { redirect, sessionStore } from '@suwerte/shared';
import { whenHydrated } from '@suwerte/shared/host';
import { sendToSignIn } from './session-guard';

/**
 * Loader of the catch-all route. A path under a remote's prefix that the remote does not have
 * (say `/members/typo`) is still a protected area: a visitor without a token gets the guard —
 * the sign-in dialog at `/` — rather than a 404 that tells a stranger what exists. Signed-in
 * players see the 404 page.
 */
export async function unknownPathLoader({ request }: { request: Request }): Promise<null> {
  await whenHydrated();
  if (sessionStore.getState().user.token) return null;
  const url = new URL(request.url);
  const { findRemoteForPath, loadRemoteRegistry } = await import('../federation/registry');
  // Without the registry nothing is known about the path; the catch-all shows its own panel.
  const registry = await loadRemoteRegistry().catch(() => null);
  if (registry && findRemoteForPath(registry, url.pathname)) {
    sendToSignIn(url.pathname + url.search);
    throw redirect('/');
  }
  return null;
}
