import { useSession, type KareraState } from '@suwerte/shared';
import { useEffect } from 'react';
import { acquireKareraConnection } from './karera-connection';

/** Keeps the page's Video Karera connection open while mounted and returns the live game state. */
export function useKareraGame(): KareraState {
  const token = useSession((state) => state.user.token);
  // A new token (another sign-in) re-acquires: the connection reopens with it.
  useEffect(() => (token ? acquireKareraConnection() : undefined), [token]);
  return useSession((state) => state.karera);
}
