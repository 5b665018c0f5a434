// Warms what a navigation to a remote's page will fetch, before the player clicks: the remote's
// routes and the page's own code (each with the kernel entry points it imports). Only the code — no
// data, and nothing is rendered or patched: the navigation still goes through route discovery
// (`remote-routes.tsx`), which then finds everything in the module caches (docs/decisions/124).
import { matchRoutes } from '@suwerte/shared';
import { loadRemoteModule, registryModule, type RemoteRoutesModule } from './remote-loader';

type LazyRoute = () => Promise<unknown>;

/** Prefetches under way or done; a failed one is forgotten, so the next hover tries again. */
const prefetches = new Map<string, Promise<void>>();

async function fetchRouteCode(pathname: string): Promise<void> {
  const { findRemoteForPath, loadRemoteRegistry } = await registryModule();
  const remote = findRemoteForPath(await loadRemoteRegistry(), pathname);
  if (!remote) return;
  const { routes } = await loadRemoteModule<RemoteRoutesModule>(remote, 'routes');
  await Promise.all(
    // The layout and the page the path renders, matched as the router matches them.
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => (typeof route.lazy === 'function' ? (route.lazy as LazyRoute)() : undefined)),
  );
}

/**
 * Fetches the code of the remote page at `pathname` (a path the player is likely to open next:
 * the link under the pointer, the menu just opened). Never rejects: a failure here is not the
 * player's — the navigation, if it comes, loads the code again and shows its own errors.
 */
export function prefetchRoute(pathname: string): Promise<void> {
  let pending = prefetches.get(pathname);
  if (!pending) {
    const attempt = fetchRouteCode(pathname).catch((error: unknown) => {
      if (prefetches.get(pathname) === attempt) prefetches.delete(pathname);
      console.info(`Prefetch of ${pathname} failed; the navigation will load it again.`, error);
    });
    prefetches.set(pathname, attempt);
    pending = attempt;
  }
  return pending;
}
