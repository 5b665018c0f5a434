import { Suspense, lazy, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useNavigation } from '@suwerte/shared';
import { isRegistryUnavailable, subscribeRegistryStatus } from '../federation/registry-status';
import { NotFoundPage } from './NotFoundPage';

const UnavailablePanel = lazy(() => import('../federation/UnavailablePanel'));

/**
 * The catch-all route: the 404 page — unless `/remotes.json` could not be read, in which case the
 * path may well be a remote's, and the player gets Retry instead of a wrong "doesn't exist".
 */
export function UnknownPath() {
  const registryUnavailable = useSyncExternalStore(subscribeRegistryStatus, isRegistryUnavailable, () => false);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  if (!registryUnavailable) return <NotFoundPage />;
  // Navigating to the same URL runs route discovery again, which reads the registry again.
  const retry = () => void navigate(location.pathname + location.search, { replace: true });
  return (
    <Suspense fallback={null}>
      <UnavailablePanel remote={null} onRetry={retry} retrying={navigation.state === 'loading'} />
    </Suspense>
  );
}
