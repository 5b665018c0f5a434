import { selectToken, sessionStore, trackEvent, useSession } from '@suwerte/shared';
import { useEffect } from 'react';

/** Spec: the account result is applied 1000 ms after it arrives. */
export const ACCOUNT_APPLY_DELAY_MS = 1000;

/**
 * Fetches `/account/` whenever a token exists and applies it after 1000 ms. 'ERROR VERIFYING
 * TOKEN' logs out (API client); other account errors are ignored (spec, section 8).
 */
export function useAccountSync(): void {
  const token = useSession(selectToken);
  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    // The API client (axios + contracts) loads only once there is a session to sync.
    import('./account-call')
      .then(({ fetchAccount }) => fetchAccount())
      .then((account) => {
        if (cancelled) return;
        timer = setTimeout(() => {
          if (sessionStore.getState().user.token !== token) return;
          sessionStore.getState().setAccount(account);
          trackEvent('account_loaded', { username: account.username });
        }, ACCOUNT_APPLY_DELAY_MS);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token]);
}
