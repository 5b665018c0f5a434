import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError, useRouteMatches } from '@suwerte/shared';
import { NotFoundPage } from '../not-found/NotFoundPage';
import type { RemoteName } from '@suwerte/federation';
import { recoverFromRemoteFailure } from './remote-loader';
import { UnavailablePanel } from './UnavailablePanel';

function remoteOfHandle(handle: unknown): RemoteName | null {
  if (typeof handle !== 'object' || handle === null || !('remote' in handle)) return null;
  return (handle as { remote: RemoteName }).remote;
}

/** Error boundary of every remote route: a page that throws (or whose code is gone) shows its panel. */
export function RemoteRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const remote =
    useRouteMatches()
      .map((match) => remoteOfHandle(match.handle))
      .find((name) => name !== null) ?? null;
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (notFound || !remote) return;
    console.warn(`Remote ${remote} failed on ${location.pathname}`, error);
    // A chunk a deploy removed (a lazy part of the page) moves the page to the new release.
    void recoverFromRemoteFailure(remote, error, 'render');
  }, [error, remote, notFound, location.pathname]);

  if (notFound) return <NotFoundPage />;
  return (
    <UnavailablePanel
      remote={remote}
      error={error}
      onRetry={() => void navigate(location.pathname + location.search, { replace: true })}
      retrying={navigation.state === 'loading'}
    />
  );
}
