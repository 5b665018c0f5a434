import type { PatchRoutesOnNavigationFunction, RouteObject } from '@suwerte/shared';
import type { RemoteName } from './registry';
import { loadRemoteModule, type RemoteRoutesModule } from './remote-loader';
import { RemoteRouteError } from './RemoteRouteError';
import { RemoteUnavailable } from './RemoteUnavailable';

/** Every remote route is protected (spec route tables), so they are patched under this route. */
export const PROTECTED_ROUTE_ID = 'protected';

const loaded = new Set<RemoteName>();
const placeholders = new Set<RemoteName>();

export function isRemoteLoaded(remote: RemoteName): boolean {
  return loaded.has(remote);
}

function wrapRemoteRoute(remote: RemoteName, route: RouteObject): RouteObject {
  // A remote page that throws or whose chunk fails to load trips only this boundary.
  return { ...route, ErrorBoundary: RemoteRouteError, handle: { ...(route.handle as object | undefined), remote } } as RouteObject;
}

/**
 * Route discovery: the first navigation into a remote's prefix loads its `./routes` and patches
 * them in. If the remote is down, a placeholder for its prefixes shows "temporarily unavailable"
 * with Retry; the placeholder is a splat, so every later navigation there (Retry included)
 * comes back here and tries the remote again.
 */
export const patchRemoteRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
  const { findRemoteForPath, loadRemoteRegistry } = await import('./registry');
  const registry = await loadRemoteRegistry();
  const remote = findRemoteForPath(registry, path);
  if (!remote || loaded.has(remote)) return;
  try {
    const { routes } = await loadRemoteModule<RemoteRoutesModule>(remote, 'routes');
    if (signal.aborted) return;
    patch(PROTECTED_ROUTE_ID, routes.map((route) => wrapRemoteRoute(remote, route)));
    loaded.add(remote);
  } catch (error) {
    console.warn(`Remote ${remote} could not be loaded`, error);
    if (signal.aborted || placeholders.has(remote)) return;
    const prefixes = registry.remotes[remote]?.routes ?? [];
    patch(
      PROTECTED_ROUTE_ID,
      prefixes.map((prefix) => ({
        id: `unavailable-${remote}${prefix.replace(/\//g, '-')}`,
        path: `${prefix.slice(1)}/*`,
        element: <RemoteUnavailable remote={remote} />,
      })),
    );
    placeholders.add(remote);
  }
};
