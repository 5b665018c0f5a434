import { test as base, expect, type Page, type Request } from '@playwright/test';
import { accountEndpoints } from '@suwerte/contracts';
import { hostUrl, loginToken, type Credentials } from './api';

export { expect };

interface ConsoleGuard {
  /** Accepts console errors matching `pattern` in this test (e.g. a remote deliberately stopped). */
  allow: (pattern: RegExp) => void;
}

interface NetworkWatch {
  /**
   * Waits until none of the page's requests has been in flight for 500 ms: Playwright's
   * `networkidle`, except that a signed-in page's account event stream (open for as long as the
   * page) does not count — with it open, `networkidle` never comes.
   */
  settled: (timeoutMs?: number) => Promise<void>;
}

interface Fixtures {
  consoleGuard: ConsoleGuard;
  network: NetworkWatch;
  /** Opens the site as a signed-in player (token from the real API, session as the site stores it). */
  loginAs: (credentials: Credentials, path?: string) => Promise<void>;
  /** Signs in the way a player does: header 'Sign In', the dialog, 'Login'. */
  signInThroughDialog: (credentials: Credentials) => Promise<void>;
}

function claimsOf(token: string): { UserInfo: { username: string; role: number }; exp: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { UserInfo: { username: string; role: number }; exp: number };
}

/** The persisted session exactly as the site writes it (localStorage key `root`, version 1). */
export function persistedSession(token: string): string {
  const { UserInfo, exp } = claimsOf(token);
  return JSON.stringify({
    state: {
      user: { name: UserInfo.username, role: UserInfo.role, loggedIn: true, token, expToken: exp },
      account: null,
      signIn: { open: false, id: 0 },
      mode: 'dark',
      jackpotNotice: true,
    },
    version: 1,
  });
}

export async function openSignInDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signs in through the dialog the route guard opened by itself (a protected route without a session). */
export async function signInThroughGuardDialog(page: Page, { username, password }: Credentials): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
}

export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  network: [
    async ({ page }, use) => {
      const inFlight = new Set<Request>();
      let changedAt = Date.now();
      const isEventStream = (request: Request) => new URL(request.url()).pathname.endsWith(accountEndpoints.events.path);
      page.on('request', (request) => {
        if (isEventStream(request)) return;
        inFlight.add(request);
        changedAt = Date.now();
      });
      const done = (request: Request) => {
        if (inFlight.delete(request)) changedAt = Date.now();
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      await use({
        settled: async (timeoutMs = 30_000) => {
          await expect.poll(() => inFlight.size === 0 && Date.now() - changedAt >= 500, { timeout: timeoutMs, intervals: [100] }).toBe(true);
        },
      });
    },
    { auto: true },
  ],
  loginAs: async ({ page }, use) => {
    await use(async (credentials, path = '/') => {
      const token = await loginToken(credentials);
      await page.goto(`${hostUrl()}/404-warmup-for-storage`);
      await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(token));
      await page.goto(`${hostUrl()}${path}`);
    });
  },
  signInThroughDialog: async ({ page }, use) => {
    await use(async ({ username, password }) => {
      const dialog = await openSignInDialog(page);
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Login' }).click();
      await expect(dialog).toBeHidden();
    });
  },
});
