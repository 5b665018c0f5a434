import { Center, Loader, createBrowserRouter, type RouteObject } from '@suwerte/shared';
import { Shell } from '../components/layout/Shell';
import { RequireSession } from '../features/auth/RequireSession';
import { requireSessionLoader } from '../features/auth/session-guard';
import { PROTECTED_ROUTE_ID, patchRemoteRoutes } from '../features/federation/remote-routes';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

function PageLoader() {
  return (
    <Center py={96}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}

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
    HydrateFallback: PageLoader,
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
        HydrateFallback: PageLoader,
        children: [],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchRemoteRoutes });
}
