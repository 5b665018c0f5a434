import { createBrowserRouter, type RouteObject } from '@suwerte/shared';
import { PageSkeleton } from '../components/layout/PageSkeleton';
import { Shell } from '../components/layout/Shell';
import { RequireSession } from '../features/auth/RequireSession';
import { requireSessionLoader } from '../features/auth/session-guard';
import { setNavigationTarget } from '../features/federation/navigation-target';
import { PROTECTED_ROUTE_ID } from '../features/federation/protected-route';
import { HomePage } from '../features/home/HomePage';

// Pages other than home load on first visit: the first paint of `/` carries only the shell.
const registrationPage = async () => ({
  Component: (await import('../features/registration/RegistrationPage')).RegistrationPage,
});

/**
 * The host's own routes. Remote routes are not listed: they are discovered on the first
 * navigation into a remote's prefix and patched under the protected layout.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <Shell />,
    // While the first route of a deep link is discovered (a remote's routes load over the
    // network), the same Shell paints at once around a page skeleton. Same component in the same
    // place, so React keeps it when the page arrives: no flash, nothing remounted.
    hydrateFallbackElement: <Shell pending />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'Registration', lazy: registrationPage },
      { path: 'Registration/:id', lazy: registrationPage },
      {
        path: 'Responsiblegaming',
        lazy: async () => ({
          Component: (await import('../features/responsible-gaming/ResponsibleGamingPage')).ResponsibleGamingPage,
        }),
      },
      {
        id: PROTECTED_ROUTE_ID,
        loader: requireSessionLoader,
        // The guard runs on every navigation, not only when entering the layout.
        shouldRevalidate: () => true,
        element: <RequireSession />,
        HydrateFallback: PageSkeleton,
        children: [],
      },
      // The 404 page is rare: it loads when met, not with every first paint; unknown paths inside
      // a protected area get the guard first (docs/decisions/082).
      {
        path: '*',
        lazy: async () => {
          const [guard, page] = await Promise.all([
            import('../features/auth/unknown-path-guard'),
            import('../features/not-found/UnknownPath'),
          ]);
          return { loader: guard.unknownPathLoader, Component: page.UnknownPath };
        },
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, {
    // Route discovery loads with the first path no route matches (a deep link's early script has it
    // on the way): the visitor's `/` paints without it.
    patchRoutesOnNavigation: async (args) => (await import(/* webpackChunkName: "remote-routes" */ '../features/federation/remote-routes')).patchRemoteRoutes(args),
  });
}

/**
 * Keeps the navigation target (where the router is going) current. Subscribed after
 * `RouterProvider` (a parent's effect runs after its child's layout effect): the first render is
 * a transition, rendered in slices, and a lazy page may settle before `RouterProvider` subscribes;
 * React Router keeps that update for its first subscriber only while nobody listens, so
 * `RouterProvider` must be the first (docs/decisions/231).
 */
export function followNavigationTarget(router: ReturnType<typeof createRouter>): () => void {
  return router.subscribe((state) => setNavigationTarget(state.navigation.location));
}
