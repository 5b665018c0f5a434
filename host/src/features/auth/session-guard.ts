import { redirect, sessionStore } from '@suwerte/shared';
import { whenHydrated } from '@suwerte/shared/host';

let returnTo: string | null = null;

/** Where a player who was sent to sign in wanted to go; read once after a successful login. */
export function takeReturnTo(): string | null {
  const path = returnTo;
  returnTo = null;
  return path;
}

/** Spec: with no token, the login modal opens and the browser goes to `/`. */
export function sendToSignIn(path: string): void {
  returnTo = path;
  sessionStore.getState().openSignIn(0);
}

/**
 * Loader of the protected layout: runs before any remote page code is fetched, on every
 * navigation into a protected route.
 */
export async function requireSessionLoader({ request }: { request: Request }): Promise<null> {
  await whenHydrated();
  if (!sessionStore.getState().user.token) {
    const url = new URL(request.url);
    sendToSignIn(url.pathname + url.search);
    throw redirect('/');
  }
  return null;
}

