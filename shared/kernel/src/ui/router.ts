// The router pieces the site uses, from the one react-router copy the host provides
// (router context must cross the host/remote boundary, so remotes never bundle their own).
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
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
export type { LoaderFunctionArgs, NavigateFunction, PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
