import { useSession } from '@suwerte/shared';
import { useEffect } from 'react';
import { acquireKareraConnection } from './karera-connection';
import { useKarera, type KareraState } from './karera-store';

/** Keeps the page's Video Karera connection open while mounted and returns the live game state. */
export function useKareraGame(): KareraState {
  const token = useSession((state) => state.user.token);
  // A new token (another sign-in) re-acquires: the connection reopens with it.
  useEffect(() => (token ? acquireKareraConnection() : undefined), [token]);
  return useKarera((state) => state);
}
