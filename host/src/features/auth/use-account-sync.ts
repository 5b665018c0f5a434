import { ACCOUNT_APPLY_DELAY_MS, trackEvent } from '@suwerte/shared/host';
import { selectToken, useSession } from '@suwerte/shared';
import { useEffect } from 'react';

export { ACCOUNT_APPLY_DELAY_MS };

/**
 * Runs the account sync (the one owner of the balance, `startAccountSync`) while a token
 * exists: `/account/` fetched and applied 1000 ms later, then kept current by every call that
 * changes money and by the account event stream. 'ERROR VERIFYING TOKEN' logs out (API client);
 * other account errors are ignored (spec, section 8).
 */
export function useAccountSync(): void {
  const token = useSession(selectToken);
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // The API client, TanStack Query and zod load only once there is a session to sync.
    import('./account-call')
      .then(({ startAccountSync }) => {
        if (cancelled) return;
        stop = startAccountSync({ onFirstApply: (account) => trackEvent('account_loaded', { username: account.username }) });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
}
