import { authEndpoints, fetchEndpoint } from '@suwerte/contracts';

/**
 * The demo player's session exactly as the site stores it (localStorage `root`), signed in
 * through the player API at `apiUrl`: for screenshots and benchmarks of signed-in pages.
 */
export async function demoSession(apiUrl: string): Promise<string> {
  const { accesstoken } = await fetchEndpoint(authEndpoints.login, { body: { username: 'demoplayer', password: 'suwerte123' } }, { api: apiUrl });
  const claims = JSON.parse(Buffer.from(accesstoken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { UserInfo: { username: string; role: number }; exp: number };
  return JSON.stringify({
    state: {
      user: { name: claims.UserInfo.username, role: claims.UserInfo.role, loggedIn: true, token: accesstoken, expToken: claims.exp },
      account: null,
      signIn: { open: false, id: 0 },
      mode: 'dark',
      jackpotNotice: true,
    },
    version: 1,
  });
}
