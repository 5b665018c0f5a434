import { sessionStore } from '../store/session-store';
import { fakeAccessToken, fakeApi, resetSession, type FakeApiCall } from '../testing';
import { RENEW_AFTER_SECONDS, keepSessionAlive, signOut } from './session-keeper';
import { signInWithAccessToken } from './player-token';

// Issue 31, item 4 (docs/decisions/143): the session renewed while the player is active, never
// while away; signed out when it ends unused; Logout ends it on the server.

const HOUR = 3_600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenIssuedAgo = (seconds: number, name = 'juan2024') => fakeAccessToken({ UserInfo: { username: name, role: 420 }, iat: nowSeconds() - seconds, exp: nowSeconds() - seconds + 12 * HOUR });

let calls: FakeApiCall[] = [];
let stop: () => void = () => undefined;
const page = new EventTarget() as EventTarget & Pick<Window, 'addEventListener' | 'removeEventListener'>;
const renewals = () => calls.filter((call) => call.url === '/player/renew');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetSession();
  calls = fakeApi((call) => (call.url === '/player/renew' ? { status: 200, data: { accesstoken: tokenIssuedAgo(0) } } : { status: 404, data: { message: 'Not found' } }));
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('keepSessionAlive', () => {
  it('renews a token older than 15 minutes when the player does something, and every tab takes the new one', async () => {
    signInWithAccessToken(tokenIssuedAgo(RENEW_AFTER_SECONDS + 60));
    const old = sessionStore.getState().user.token;
    stop = keepSessionAlive(page);
    // A page load is activity: renewed at once.
    await vi.waitFor(() => expect(sessionStore.getState().user.token).not.toBe(old));
    expect(renewals()).toHaveLength(1);
    expect(renewals()[0]?.headers.get('Authorization')).toBe(`Bearer ${old ?? ''}`);
    expect(sessionStore.getState().user).toMatchObject({ name: 'juan2024', loggedIn: true });
  });

  it('makes its check at start once the host says (the page landed on is on the screen), not before', async () => {
    signInWithAccessToken(tokenIssuedAgo(RENEW_AFTER_SECONDS + 60));
    const old = sessionStore.getState().user.token;
    let shown: () => void = () => undefined;
    stop = keepSessionAlive(page, sessionStore, { firstCheckAfter: new Promise<void>((resolve) => (shown = resolve)) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewals()).toHaveLength(0);
    shown();
    await vi.waitFor(() => expect(sessionStore.getState().user.token).not.toBe(old));
    expect(renewals()).toHaveLength(1);
  });

  it('leaves a fresh token alone, and renews nothing while the player is away', async () => {
    signInWithAccessToken(tokenIssuedAgo(60));
    stop = keepSessionAlive(page);
    page.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(RENEW_AFTER_SECONDS * 1000);
    // Time passed, but nobody clicked: no renewal.
    expect(renewals()).toHaveLength(0);
    page.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(renewals()).toHaveLength(1));
  });

  it('signs the page out when its token expires unused', async () => {
    signInWithAccessToken(fakeAccessToken({ UserInfo: { username: 'juan2024', role: 420 }, iat: nowSeconds(), exp: nowSeconds() + 90 }));
    stop = keepSessionAlive(page);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(sessionStore.getState().user.loggedIn).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sessionStore.getState().user.token).toBeNull();
  });
});

describe('signOut', () => {
  it("signs the page out at once and ends the session on the server with the session's token", async () => {
    signInWithAccessToken(tokenIssuedAgo(60));
    const token = sessionStore.getState().user.token;
    const sent: { url: string; init: RequestInit }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ message: 'Signed out' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    }) as typeof fetch;
    try {
      const done = signOut();
      expect(sessionStore.getState().user.token).toBeNull();
      await done;
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('http://api.test/player/logout');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(new Headers(sent[0]?.init.headers).get('authorization')).toBe(`Bearer ${token ?? ''}`);
  });
});
