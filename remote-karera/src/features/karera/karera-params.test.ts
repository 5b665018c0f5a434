import { fakeApi, resetSession, signInForTest, TEST_CONFIG, setRuntimeConfig, withSessionTokens } from '@suwerte/shared/testing';
import { kareraConnectionParams } from './karera-params';

describe('kareraConnectionParams', () => {
  beforeEach(resetSession);

  it('is null without a signed-in player', async () => {
    expect(await kareraConnectionParams()).toBeNull();
  });

  it('connects to the socket URL of the site type with the user name and a ticket of one connection as the access token', async () => {
    signInForTest('juan2024');
    const calls = fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
    expect(await kareraConnectionParams()).toEqual({
      origin: 'http://api.test',
      path: '/socket.io',
      query: { username: 'juan2024', accesstoken: 'ticket-1' },
      options: { reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000 },
    });
    // The ticket was asked with the session's token, which is never in the query (docs/decisions/142).
    expect(calls.map((call) => [call.method, call.url, call.headers.get('Authorization')])).toEqual([['POST', '/karera/ticket', 'Bearer test-token']]);
    // A new ticket for each connection.
    expect((await kareraConnectionParams())?.query.accesstoken).toBe('ticket-2');
  });

  it('rejects when the API gives no ticket', async () => {
    signInForTest('juan2024');
    fakeApi(() => ({ status: 503, data: { message: 'Unavailable' } }));
    await expect(kareraConnectionParams()).rejects.toThrow();
  });

  it('keeps a path of the socket URL as the socket.io path, not a namespace', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, socket: { production: 'https://play.example.ph/api/', test: 'http://x.test' } });
    signInForTest();
    fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
    expect(await kareraConnectionParams()).toMatchObject({ origin: 'https://play.example.ph', path: '/api/socket.io' });
  });
});
