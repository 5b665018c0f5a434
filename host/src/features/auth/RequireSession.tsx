import { Navigate, Outlet, selectToken, useSession } from '@suwerte/shared';

/**
 * Protected layout: when the session ends while a protected page is open (Logout, or a token
 * the API refuses), the player leaves for `/`. Entering a protected route without a token is
 * handled by `requireSessionLoader`, which also opens the sign-in dialog.
 */
export function RequireSession() {
  const token = useSession(selectToken);
  return token ? <Outlet /> : <Navigate to="/" replace />;
}
