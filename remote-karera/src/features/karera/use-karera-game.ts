import { useSession } from '@suwerte/shared';
import { useEffect } from 'react';
import { acquireKareraConnection } from './karera-connection';
import { useKarera, type KareraState } from './karera-store';

/** Keeps the page's Video Karera connection open while mounted and returns the live game state. */
export function useKareraGame(): KareraState {
  // The signed-in player, not their token: a renewal (the same player's new token) keeps the open
  // socket, whose ticket was for this one connection; another player's sign-in re-acquires, and the
  // connection reopens as theirs (docs/decisions/246).
  const player = useSession((state) => (state.user.token ? state.user.name : null));
  useEffect(() => (player ? acquireKareraConnection() : undefined), [player]);
  return useKarera((state) => state);
}
