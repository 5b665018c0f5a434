import { Navigate, Outlet, selectToken, useLocation, useSession } from '@suwerte/shared';
import { useEffect } from 'react';
import { sendToSignIn } from './session-guard';

/** Protected layout: leaves for `/` with the sign-in dialog as soon as the session ends. */
export function RequireSession() {
  const token = useSession(selectToken);
  const location = useLocation();
  useEffect(() => {
    if (!token) sendToSignIn(location.pathname + location.search);
  }, [token, location.pathname, location.search]);
  return token ? <Outlet /> : <Navigate to="/" replace />;
}
