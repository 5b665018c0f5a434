import { PERSIST_KEY, sessionStore } from '@suwerte/shared';
import { INITIAL_KARERA, createKareraStore } from './karera-store';

describe('Video Karera store', () => {
  it('is never persisted, whatever the game wrote into it', () => {
    sessionStore.getState().startSession({ token: 't', username: 'demoplayer', role: 420, exp: Math.floor(Date.now() / 1000) + 3600 });
    const store = createKareraStore();
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
    expect(saved).toContain('demoplayer');
    expect(saved).not.toContain('karera');
    expect(saved).not.toContain('UnoAmount');
    expect(saved).not.toContain('previousWinner');
    // The session store holds no Video Karera state at all.
    expect(Object.keys(sessionStore.getState())).not.toContain('karera');

    // A new page (reload) starts from the game server's state, not from a stale copy.
    expect(createKareraStore().getState()).toMatchObject(INITIAL_KARERA);
  });

  it('merges patches and resets to the initial state', () => {
    const store = createKareraStore();
    store.getState().setKarera({ UnoAmount: 20 });
    store.getState().setKarera({ DosAmount: 10 });
    expect(store.getState()).toMatchObject({ UnoAmount: 20, DosAmount: 10, connection: 'connecting' });
    store.getState().resetKarera();
    expect(store.getState()).toMatchObject(INITIAL_KARERA);
  });
});
