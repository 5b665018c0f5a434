import type { PatchRoutesOnNavigationFunction } from '@suwerte/shared';
import type { RemoteName } from '@suwerte/federation';
import { PROTECTED_ROUTE_ID } from './protected-route';
import { setRegistryUnavailable } from './registry-status';
import { loadRemoteModule, recoverFromRemoteFailure, registryModule, type RemoteRoutesModule } from './remote-loader';

const loaded = new Set<RemoteName>();
const placeholders = new Set<RemoteName>();
const failures = new Map<RemoteName, unknown>();

export function isRemoteLoaded(remote: RemoteName): boolean {
  return loaded.has(remote);
}

/** Why the remote's routes could not be loaded the last time (for its placeholder's panel). */
export function remoteFailure(remote: RemoteName): unknown {
  return failures.get(remote);
}

/**
 * Route discovery: the first navigation into a remote's prefix loads its `./routes` and patches
 * them in. If the remote is down (or its release cannot run here), a placeholder for its prefixes
 * shows its panel; the placeholder is a splat, so every later navigation there (Retry included)
 * comes back here and tries again. If `/remotes.json` itself cannot be read, nothing is patched and
 * nothing is remembered: the catch-all route shows "temporarily unavailable", and the next
 * navigation reads the registry again.
 */
async function readRegistry() {
  const { findRemoteForPath, loadRemoteRegistry } = await registryModule();
  return { findRemoteForPath, registry: await loadRemoteRegistry() };
}

export const patchRemoteRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
  const found = await readRegistry().catch((error: unknown) => {
    console.warn('Remote registry unavailable; this page may belong to a remote.', error);
    // Also when the registry's own code could not be downloaded.
    setRegistryUnavailable(true);
    return null;
  });
  if (!found) return;
  // Only this navigation's own read says whether the catch-all shows the panel: another reader's later
  // success (the deep-link warm-up, a prefetch) must not turn the panel of a page already shown into a 404.
  setRegistryUnavailable(false);
  const { findRemoteForPath, registry } = found;
  const remote = findRemoteForPath(registry, path);
  if (!remote || loaded.has(remote)) return;
  try {
    // The wrapping comes with the remote's routes, not with the shell's first paint.
    const [{ routes }, { resilientRoute }] = await Promise.all([
      loadRemoteModule<RemoteRoutesModule>(remote, 'routes'),
      // Route discovery and its wrapping are one chunk (the same name on every import of either): they
      // are always wanted together, and a chunk per importer would make near copies (docs/decisions/248).
      import(/* webpackChunkName: "remote-routes" */ './resilient-route'),
    ]);
    if (signal.aborted) return;
    patch(PROTECTED_ROUTE_ID, routes.map((route) => resilientRoute(remote, route)));
    loaded.add(remote);
    failures.delete(remote);
  } catch (error) {
    console.warn(`Remote ${remote} could not be loaded`, error);
    failures.set(remote, error);
    // Reloading for a new release: keep the current page (and the progress bar) until then.
    if ((await recoverFromRemoteFailure(remote, error, 'load')) === 'reloading') await new Promise<never>(() => undefined);
    if (signal.aborted || placeholders.has(remote)) return;
    const { RemoteUnavailable } = await import('./RemoteUnavailable');
    if (signal.aborted) return;
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
