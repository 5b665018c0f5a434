import { INITIAL_KARERA } from './karera-slice';
import {
  PERSIST_KEY,
  REHYDRATION_TIMEOUT_MS,
  createSessionStore,
  selectLoginState,
  startRehydrationTimeout,
  whenHydrated,
} from './session-store';

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
  it('persists under the key "root", version 1, without the Video Karera slice', () => {
    const store = createSessionStore();
    store.getState().startSession({ token: 't', username: 'demoplayer', role: 420, exp: inAnHour() });
    store.getState().setKarera({ UnoAmount: 50, alert: 'Bet Success' });
    const saved = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}') as { version: number; state: Record<string, unknown> };
    expect(saved.version).toBe(1);
    expect(saved.state.user).toMatchObject({ name: 'demoplayer', token: 't', loggedIn: true });
    expect(saved.state).not.toHaveProperty('karera');
    expect(saved.state).not.toHaveProperty('hydrated');
    expect(Object.keys(saved.state).sort()).toEqual(['account', 'jackpotNotice', 'mode', 'signIn', 'user']);
  });

  it('restores the session but forces dark mode at start', () => {
    localStorage.setItem(PERSIST_KEY, persisted(savedSession(inAnHour())));
    const store = createSessionStore();
    expect(store.getState().hydrated).toBe(true);
    expect(store.getState().user.name).toBe('demoplayer');
    expect(store.getState().jackpotNotice).toBe(false);
    expect(store.getState().mode).toBe('dark');
    expect(store.getState().karera).toEqual(INITIAL_KARERA);
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
