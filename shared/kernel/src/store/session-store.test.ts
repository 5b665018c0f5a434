import {
  PERSIST_KEY,
  REHYDRATION_TIMEOUT_MS,
  createSessionStore,
  selectLoginState,
  startRehydrationTimeout,
  whenHydrated,
} from './session-store';
import { syncSessionAcrossTabs } from './cross-tab';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function persisted(state: Record<string, unknown>, version = 1): string {
  return JSON.stringify({ state, version });
}

const savedSession = (expToken: number) => ({
  user: { name: 'demoplayer', role: 420, loggedIn: true, token: 'abc', expToken },
  account: null,
  signIn: { open: false, id: 0 },
  mode: 'light',
  jackpotNotice: false,
});

describe('session store persistence', () => {
  it('persists under the key "root", version 1, the session and the notice only', () => {
    const store = createSessionStore();
    store.getState().startSession({ token: 't', username: 'demoplayer', role: 420, exp: inAnHour() });
    const saved = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}') as { version: number; state: Record<string, unknown> };
    expect(saved.version).toBe(1);
    expect(saved.state.user).toMatchObject({ name: 'demoplayer', token: 't', loggedIn: true });
    expect(saved.state).not.toHaveProperty('karera');
    expect(saved.state).not.toHaveProperty('hydrated');
    // Only what must survive a reload: not the sign-in dialog, the mode or the account.
    expect(Object.keys(saved.state).sort()).toEqual(['jackpotNotice', 'user']);
  });

  it('never reopens the sign-in dialog on its own: an old saved state with signIn.open is cleaned', () => {
    localStorage.setItem(PERSIST_KEY, persisted({ ...savedSession(inAnHour()), signIn: { open: true, id: 0 } }));
    const store = createSessionStore();
    expect(store.getState().signIn.open).toBe(false);
    expect(store.getState().user.name).toBe('demoplayer');
    expect(store.getState().jackpotNotice).toBe(false);
    // The next write (the hydration's own) stores the clean shape, still version 1.
    const saved = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}') as { version: number; state: Record<string, unknown> };
    expect(saved.version).toBe(1);
    expect(Object.keys(saved.state).sort()).toEqual(['jackpotNotice', 'user']);
  });

  it('an open sign-in dialog is not saved', () => {
    const store = createSessionStore();
    store.getState().openSignIn(0);
    expect(localStorage.getItem(PERSIST_KEY)).not.toContain('signIn');
  });

  it('restores the session but forces dark mode at start', () => {
    localStorage.setItem(PERSIST_KEY, persisted(savedSession(inAnHour())));
    const store = createSessionStore();
    expect(store.getState().hydrated).toBe(true);
    expect(store.getState().user.name).toBe('demoplayer');
    expect(store.getState().jackpotNotice).toBe(false);
    expect(store.getState().mode).toBe('dark');
    expect(selectLoginState(store.getState())).toBe('loggedIn');
  });

  it('logs out at start when the saved token has expired', () => {
    localStorage.setItem(PERSIST_KEY, persisted(savedSession(Math.floor(Date.now() / 1000) - 10)));
    const store = createSessionStore();
    expect(store.getState().user.token).toBeNull();
    expect(store.getState().user.loggedIn).toBe(false);
    expect(selectLoginState(store.getState())).toBe('loggedOut');
  });

  it('ignores a malformed or older saved state', () => {
    localStorage.setItem(PERSIST_KEY, persisted({ user: { name: 42 } }));
    expect(createSessionStore().getState().user.token).toBeNull();
    localStorage.setItem(PERSIST_KEY, persisted(savedSession(inAnHour()), 0));
    expect(createSessionStore().getState().user.token).toBeNull();
    localStorage.setItem(PERSIST_KEY, '{not json');
    expect(createSessionStore().getState().hydrated).toBe(true);
  });
});

describe('two tabs', () => {
  const storageEvent = (newValue: string | null) => new StorageEvent('storage', { key: PERSIST_KEY, newValue });

  it('a logout in another tab logs this one out at once, and a sign-in signs it in', () => {
    const store = createSessionStore();
    const stop = syncSessionAcrossTabs(store, window);
    store.getState().startSession({ token: 't1', username: 'demoplayer', role: 420, exp: inAnHour() });
    store.getState().setAccount({ _id: 'a', username: 'demoplayer', balance: 10 } as never);
    window.dispatchEvent(storageEvent(persisted({ user: { name: '', role: null, loggedIn: false, token: null, expToken: null }, jackpotNotice: true })));
    expect(selectLoginState(store.getState())).toBe('loggedOut');
    expect(store.getState().account).toBeNull();

    store.getState().openSignIn(0);
    window.dispatchEvent(storageEvent(persisted(savedSession(inAnHour()))));
    expect(store.getState().user).toMatchObject({ name: 'demoplayer', token: 'abc', loggedIn: true });
    expect(store.getState().signIn.open).toBe(false);
    // Each tab keeps its own mode.
    expect(store.getState().mode).toBe('dark');

    // Cleared storage (another tab's "clear site data") is a logout too.
    window.dispatchEvent(storageEvent(null));
    expect(store.getState().user.token).toBeNull();
    stop();
    window.dispatchEvent(storageEvent(persisted(savedSession(inAnHour()))));
    expect(store.getState().user.token).toBeNull();
  });
});

describe('rehydration timeout', () => {
  it('reports "undefined" until storage answers, and gives up after 5000 ms', async () => {
    vi.useFakeTimers();
    try {
      // A storage that never answers (e.g. a blocked or very slow backend).
      const hanging = {
        getItem: () => new Promise<string | null>(() => undefined),
        setItem: () => undefined,
        removeItem: () => undefined,
      } as unknown as Storage;
      const store = createSessionStore(() => hanging);
      const stop = startRehydrationTimeout(store);
      expect(selectLoginState(store.getState())).toBe('undefined');
      const hydrated = whenHydrated(store);
      vi.advanceTimersByTime(REHYDRATION_TIMEOUT_MS - 1);
      expect(selectLoginState(store.getState())).toBe('undefined');
      vi.advanceTimersByTime(1);
      await hydrated;
      expect(selectLoginState(store.getState())).toBe('loggedOut');
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session actions', () => {
  it('opens and closes the sign-in dialog with an id', () => {
    const store = createSessionStore();
    store.getState().openSignIn(0);
    expect(store.getState().signIn).toEqual({ open: true, id: 0 });
    store.getState().closeSignIn();
    expect(store.getState().signIn.open).toBe(false);
  });

  it('toggles the colour mode and the jackpot notice flag (default true)', () => {
    const store = createSessionStore();
    expect(store.getState().jackpotNotice).toBe(true);
    store.getState().toggleMode();
    expect(store.getState().mode).toBe('light');
    store.getState().setJackpotNotice(false);
    expect(store.getState().jackpotNotice).toBe(false);
  });

  it('logout clears user and account', () => {
    const store = createSessionStore();
    store.getState().startSession({ token: 't', username: 'demoplayer', role: 420, exp: inAnHour() });
    store.getState().logout();
    expect(store.getState().user).toMatchObject({ token: null, loggedIn: false, name: '' });
    expect(store.getState().account).toBeNull();
  });
});
