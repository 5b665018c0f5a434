import { resetSession, signInForTest, TEST_CONFIG, setRuntimeConfig } from '@suwerte/shared/testing';
import { kareraConnectionParams } from './karera-params';

describe('kareraConnectionParams', () => {
  beforeEach(resetSession);

  it('is null without a signed-in player', async () => {
    expect(await kareraConnectionParams()).toBeNull();
  });

  it('connects to the socket URL of the site type with the user name and access token in the query', async () => {
    signInForTest('juan2024');
    expect(await kareraConnectionParams()).toEqual({
      origin: 'http://api.test',
      path: '/socket.io',
      query: { username: 'juan2024', accesstoken: 'test-token' },
      options: { reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000 },
    });
  });

  it('keeps a path of the socket URL as the socket.io path, not a namespace', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, socket: { production: 'https://play.example.ph/api/', test: 'http://x.test' } });
    signInForTest();
    expect(await kareraConnectionParams()).toMatchObject({ origin: 'https://play.example.ph', path: '/api/socket.io' });
  });
});
