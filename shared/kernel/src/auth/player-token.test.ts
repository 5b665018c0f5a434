import { sessionStore } from '../store/session-store';
import { fakeAccessToken as fakeToken, resetSession } from '../testing';
import { readPlayerToken, signInWithAccessToken } from './player-token';

const exp = () => Math.floor(Date.now() / 1000) + 3600;

describe('player tokens', () => {
  beforeEach(resetSession);

  it('accepts a live token with role 420 and starts the session', () => {
    const token = fakeToken({ UserInfo: { username: 'demoplayer', role: 420 }, exp: exp() });
    expect(signInWithAccessToken(token)).toBe(true);
    expect(sessionStore.getState().user).toMatchObject({ name: 'demoplayer', role: 420, loggedIn: true, token });
  });

  it('refuses any other role, an expired token and garbage', () => {
    expect(signInWithAccessToken(fakeToken({ UserInfo: { username: 'operator1', role: 1 }, exp: exp() }))).toBe(false);
    expect(readPlayerToken(fakeToken({ UserInfo: { username: 'x', role: 420 }, exp: 1 }))).toBeNull();
    expect(readPlayerToken(fakeToken({ UserInfo: { username: 'x' }, exp: exp() }))).toBeNull();
    expect(readPlayerToken('not-a-token')).toBeNull();
    expect(sessionStore.getState().user.token).toBeNull();
  });
});
