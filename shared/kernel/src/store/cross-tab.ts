import type { StoreApi } from 'zustand/vanilla';
import { LOGGED_OUT_USER } from './session-slice';
import { PERSIST_KEY, migratePersisted, sessionStore } from './session-store';
import type { SessionState } from './types';

function savedState(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return (JSON.parse(raw) as { state?: unknown }).state;
  } catch {
    return null;
  }
}

/**
 * Two tabs agree (docs/decisions/200 and 081): a logout or a sign-in in one tab reaches the others at once through
 * the `storage` event their shared localStorage raises. Only the session moves across: each tab
 * keeps its own colour mode and dialogs. Its own module, so the host can start it after the first
 * paint without putting it on the shell's path. Returns what stops listening.
 */
export function syncSessionAcrossTabs(store: StoreApi<SessionState> = sessionStore, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== PERSIST_KEY && event.key !== null) return;
    const user = migratePersisted(savedState(event.newValue))?.user ?? LOGGED_OUT_USER;
    const current = store.getState();
    if (user.token === current.user.token) return;
    const samePlayer = user.token !== null && user.name === current.user.name;
    store.setState({
      user,
      // A renewed token of the same player keeps the account; anyone else's is dropped.
      ...(samePlayer ? {} : { account: null }),
      // Signed in elsewhere: this tab's sign-in dialog has nothing left to do.
      ...(user.token ? { signIn: { ...current.signIn, open: false } } : {}),
    });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
