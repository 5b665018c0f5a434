import { setRuntimeConfig } from '@suwerte/shared/host';
import { LAUNCH_TOKEN, TEST_CONFIG, fakeApi, resetSession, signInForTest, withSessionTokens } from '@suwerte/shared/testing';
import { gameLaunchUrl, launchUrlFor } from './game-launch';

describe('gameLaunchUrl', () => {
  it('builds the production game-site URL with percent-encoded parameters', () => {
    setRuntimeConfig(TEST_CONFIG);
    expect(gameLaunchUrl('pick3', { accesstoken: 'a.b+c/d=', type: 42 })).toBe(
      'http://games.test/pick3?accesstoken=a.b%2Bc%2Fd%3D&type=42',
    );
  });
});

describe('launchUrlFor', () => {
  it("puts a token of this one launch in the URL, asked with the session's own (which never leaves the site)", async () => {
    setRuntimeConfig(TEST_CONFIG);
    resetSession();
    signInForTest();
    const calls = fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
    expect(await launchUrlFor('ending', { id: '0123456789abcdef01234567', type: 101 })).toBe(
      `http://games.test/ending?accesstoken=${LAUNCH_TOKEN.encoded}&id=0123456789abcdef01234567&type=101`,
    );
    expect(calls.map((call) => [call.method, call.url, call.body, call.headers.get('Authorization')])).toEqual([
      ['POST', '/game/launch', { game: 'ending', id: '0123456789abcdef01234567' }, 'Bearer test-token'],
    ]);
    expect(await launchUrlFor('megamillion', { type: 200 })).not.toContain('test-token');
    expect(calls.at(-1)?.body).toEqual({ game: 'megamillion' });
  });
});
