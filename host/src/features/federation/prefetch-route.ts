// Warms what a navigation to a remote's page will fetch, before the player clicks: the remote's
// routes (with the host's shared parts they need) and the page's own code. Only the code — no
// data, and nothing is rendered or patched: the navigation still goes through route discovery
// (`remote-routes.tsx`), which then finds everything in the module caches (docs/decisions/124).
import type { RouteObject } from '@suwerte/shared';
import { loadRemoteModule, type RemoteRoutesModule } from './remote-loader';

type LazyRoute = () => Promise<unknown>;

/**
 * The routes, outermost first, that `pathname` would render in `routes` (paths relative to the
 * protected layout, as remotes write them): static segments compared case-insensitively like the
 * router does, `:param` segments match any one segment, `*` the rest. [] when nothing matches.
 */
export function routeChain(routes: readonly RouteObject[], pathname: string): RouteObject[] {
  return chainFrom(routes, pathname.split('/').filter(Boolean));
}

function chainFrom(routes: readonly RouteObject[], segments: readonly string[]): RouteObject[] {
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return [route];
      continue;
    }
    const rest = consume(route.path ?? '', segments);
    if (rest === null) continue;
    if (rest.length === 0 && !route.children?.length) return [route];
    const inner = chainFrom(route.children ?? [], rest);
    if (inner.length > 0) return [route, ...inner];
    if (rest.length === 0) return [route];
  }
  return [];
}

/** The segments left once `path` matched the start of `segments`, or null when it does not match. */
function consume(path: string, segments: readonly string[]): readonly string[] | null {
  const pattern = path.split('/').filter(Boolean);
  for (const [index, part] of pattern.entries()) {
    if (part === '*') return [];
    const segment = segments[index];
    if (segment === undefined) return null;
    if (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return segments.slice(pattern.length);
}

/** Prefetches under way or done; a failed one is forgotten, so the next hover tries again. */
const prefetches = new Map<string, Promise<void>>();

async function fetchRouteCode(pathname: string): Promise<void> {
  const { findRemoteForPath, loadRemoteRegistry } = await import('./registry');
  const remote = findRemoteForPath(await loadRemoteRegistry(), pathname);
  if (!remote) return;
  const { routes } = await loadRemoteModule<RemoteRoutesModule>(remote, 'routes');
  await Promise.all(
    routeChain(routes, pathname).map((route) => (typeof route.lazy === 'function' ? (route.lazy as LazyRoute)() : undefined)),
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
