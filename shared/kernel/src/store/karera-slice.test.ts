import { INITIAL_KARERA } from './karera-slice';
import { PERSIST_KEY, createSessionStore } from './session-store';

describe('Video Karera slice', () => {
  it('is never persisted, whatever the game wrote into it', () => {
    const store = createSessionStore();
    store.getState().startSession({ token: 't', username: 'demoplayer', role: 420, exp: Math.floor(Date.now() / 1000) + 3600 });
    store.getState().setKarera({
      UnoAmount: 100,
      DosAmount: 50,
      totals: { uno: 1200, dos: 800 },
      previousWinner: [1, 2, 2],
      winner: 1,
      phase: 'result',
      roundId: '0123456789abcdef01234567',
      connection: 'live',
      alert: 'Bet Success',
      alertSeq: 3,
    });
    const saved = localStorage.getItem(PERSIST_KEY) ?? '';
    expect(saved).not.toContain('karera');
    expect(saved).not.toContain('UnoAmount');
    expect(saved).not.toContain('previousWinner');

    // A new page (reload) starts from the game server's state, not from a stale copy.
    const reloaded = createSessionStore();
    expect(reloaded.getState().user.token).toBe('t');
    expect(reloaded.getState().karera).toEqual(INITIAL_KARERA);
  });

  it('merges patches and resets to the initial state', () => {
    const store = createSessionStore();
    store.getState().setKarera({ UnoAmount: 20 });
    store.getState().setKarera({ DosAmount: 10 });
    expect(store.getState().karera).toMatchObject({ UnoAmount: 20, DosAmount: 10, connection: 'connecting' });
    store.getState().resetKarera();
    expect(store.getState().karera).toEqual(INITIAL_KARERA);
  });
});
