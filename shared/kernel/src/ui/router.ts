// The router pieces the site uses, from the one react-router copy the host provides
// (router context must cross the host/remote boundary, so remotes never bundle their own).
import { createBrowserRouter as createReactRouter } from 'react-router-dom';
import { installBackEntries } from './components/back-entries';

export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useMatches as useRouteMatches,
  useSearchParams,
} from 'react-router-dom';
export type {
  LoaderFunctionArgs,
  NavigateFunction,
  PatchRoutesOnNavigationFunction,
  RouteObject,
} from 'react-router-dom';

/**
 * React Router's, after the overlays' history entries are installed: their listener must hear a
 * Back before the router's does (docs/decisions/190).
 */
export const createBrowserRouter: typeof createReactRouter = (routes, options) => {
  installBackEntries();
  return createReactRouter(routes, options);
};
