import { isRouteErrorResponse, useLocation, useRouteMatches, useNavigate, useNavigation, useRouteError } from '@suwerte/shared';
import { NotFoundPage } from '../not-found/NotFoundPage';
import type { RemoteName } from './registry';
import { UnavailablePanel } from './UnavailablePanel';

function remoteOfHandle(handle: unknown): RemoteName | null {
  if (typeof handle !== 'object' || handle === null || !('remote' in handle)) return null;
  return (handle as { remote: RemoteName }).remote;
}

/** Error boundary of every remote route: a page that throws or fails to load shows Retry. */
export function RemoteRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const remote = useRouteMatches()
    .map((match) => remoteOfHandle(match.handle))
    .find((name) => name !== null);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.warn('Remote route failed', error);
  return (
    <UnavailablePanel
      remote={remote ?? 'members'}
      onRetry={() => void navigate(location.pathname + location.search, { replace: true })}
      retrying={navigation.state === 'loading'}
    />
  );
}
