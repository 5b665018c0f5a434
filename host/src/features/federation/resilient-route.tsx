import { useEffect, useState, type ComponentType } from 'react';
import { sessionStore, type RouteObject } from '@suwerte/shared';
import { PageSkeleton } from '../../components/layout/PageSkeleton';
import { landingPageShown } from '../../lib/landing-page';
import type { RemoteName } from '@suwerte/federation';
import { recoverFromRemoteFailure } from './remote-loader';
import { RemoteRouteError } from './RemoteRouteError';
import { UnavailablePanel } from './UnavailablePanel';

type LazyRoute = () => Promise<Partial<RouteObject>>;

/** A page entered this long after its code failed is a later visit, which tries the code again. */
const LATER_VISIT_MS = 1000;

/**
 * How long the page landed on waits, once its code is in, for the data its route started beside it:
 * its first render then has it — drawn whole, in one go — and only slower data leaves the page's own
 * loading state on the screen. A page the player taps to renders at once (docs/decisions/247).
 */
export const PAGE_DATA_WAIT_MS = 200;

/** Never settles: the page is reloading for a new release, nothing should render meanwhile. */
const forever = new Promise<never>(() => undefined);

/** The page a remote route's lazy part gives: its Component, or its element. */
function pageOf(result: Partial<RouteObject>): ComponentType {
  const { Component, element } = result;
  if (Component) return Component;
  if (element !== undefined) return () => element;
  throw new Error('The remote route gave neither a Component nor an element');
}

/**
 * Stands in for a remote page whose code failed to load. React Router remembers a failed `lazy`
 * for the life of the page and then renders nothing at all (no boundary), so the host's lazy
 * never fails: it hands React Router this component, which shows the remote's panel and loads
 * the page itself on Retry — and on the next visit of the route, since failures are never kept.
 */
function failedPage(remote: RemoteName, firstError: unknown, load: LazyRoute): ComponentType {
  let recovered: ComponentType | null = null;
  const failedAt = Date.now();
  return function RemotePageFailed() {
    const [state, setState] = useState<{ page: ComponentType | null; error: unknown; loading: boolean; automatic: boolean }>(() => {
      // Rendered right after the failure: show it. Entered again later: try again first.
      const later = Date.now() - failedAt > LATER_VISIT_MS;
      return { page: recovered, error: firstError, loading: later && !recovered, automatic: later };
    });
    const attempt = (automatic: boolean) => {
      setState((current) => ({ ...current, loading: true, automatic }));
      load()
        .then((result) => {
          recovered = pageOf(result);
          setState({ page: recovered, error: null, loading: false, automatic });
        })
        .catch(async (error: unknown) => {
          if ((await recoverFromRemoteFailure(remote, error, 'load')) === 'reloading') return;
          setState({ page: null, error, loading: false, automatic: false });
        });
    };
    const { page: Page, error, loading, automatic } = state;
    // A later visit of the route tries again at once instead of showing an old failure.
    useEffect(() => {
      if (automatic && loading) attempt(true);
      // Once, when the route is entered.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    if (Page) return <Page />;
    if (automatic && loading) return <PageSkeleton />;
    return <UnavailablePanel remote={remote} error={error} onRetry={() => attempt(false)} retrying={loading} />;
  };
}

/** A remote route's `handle.prefetch`: starts its page's first calls (docs/decisions/211). */
function prefetchOf(handle: unknown): (() => unknown) | null {
  if (typeof handle !== 'object' || handle === null || !('prefetch' in handle)) return null;
  const { prefetch } = handle;
  return typeof prefetch === 'function' ? (prefetch as () => unknown) : null;
}

/**
 * Starts a page's data beside its code; settles (never rejects) once it is in or has failed. A
 * failure here is not the page's: its own queries ask again when it renders and show their errors
 * in its place.
 */
function startPrefetch(remote: RemoteName, prefetch: () => unknown): Promise<void> {
  // React Router asks for a page's code beside the guard's loader: a visitor's navigation into a
  // protected page ends at the sign-in dialog, and must not call the API without a session.
  if (!sessionStore.getState().user.token) return Promise.resolve();
  const failed = (error: unknown) => console.info(`Remote ${remote}: the page's data could not be requested with its code; the page asks itself.`, error);
  try {
    return Promise.resolve(prefetch()).then(() => undefined, failed);
  } catch (error) {
    failed(error);
    return Promise.resolve();
  }
}

/** The host's lazy for a remote route: never rejects, so React Router always has something to render. */
function resilientLazy(remote: RemoteName, load: LazyRoute, prefetch: (() => unknown) | null): LazyRoute {
  return async () => {
    const data = prefetch ? startPrefetch(remote, prefetch) : null;
    try {
      const page = await load();
      if (data && !landingPageShown()) await Promise.race([data, new Promise((resolve) => setTimeout(resolve, PAGE_DATA_WAIT_MS))]);
      return page;
    } catch (error) {
      console.warn(`Remote ${remote}: page code failed to load`, error);
      if ((await recoverFromRemoteFailure(remote, error, 'load')) === 'reloading') return forever;
      return { Component: failedPage(remote, error, load) };
    }
  };
}

/**
 * A remote's route as the host mounts it: its page code loaded resiliently (above), an error
 * boundary for pages that throw, and the remote's name in `handle` for the boundary's panel.
 */
export function resilientRoute(remote: RemoteName, route: RouteObject): RouteObject {
  const { lazy } = route;
  const children = route.children?.map((child) => resilientRoute(remote, child));
  return {
    ...route,
    ...(typeof lazy === 'function' ? { lazy: resilientLazy(remote, lazy as LazyRoute, prefetchOf(route.handle)) } : {}),
    ...(children ? { children } : {}),
    ErrorBoundary: RemoteRouteError,
    handle: { ...(route.handle as object | undefined), remote },
  } as RouteObject;
}
