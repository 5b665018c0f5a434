import { useLocation, useNavigate, useNavigation } from '@suwerte/shared';
import { NotFoundPage } from '../not-found/NotFoundPage';
import type { RemoteName } from '@suwerte/federation';
import { isRemoteLoaded, remoteFailure } from './remote-routes';
import { UnavailablePanel } from './UnavailablePanel';

/** The placeholder route of a remote whose routes could not be loaded. */
export function RemoteUnavailable({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Once the remote is back its own routes win; a path it does not define is a plain 404.
  if (isRemoteLoaded(remote)) return <NotFoundPage />;
  // Navigating to the same URL re-runs route discovery, which tries the remote again.
  const retry = () => void navigate(location.pathname + location.search, { replace: true });
  return <UnavailablePanel remote={remote} error={remoteFailure(remote)} onRetry={retry} retrying={navigation.state === 'loading'} />;
}
