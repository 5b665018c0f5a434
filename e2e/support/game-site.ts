import type { Page } from '@playwright/test';
import { apiUrl, type Credentials } from './api';
import { expect } from './fixtures';

/** The access token the site holds for the player (the persisted session). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { state?: { user?: { token?: string } } }).state?.user?.token);
  if (!token) throw new Error('no token in the session');
  return token;
}

/**
 * Checks the external game site stand-in the launch routes lead to: the game, a valid token for
 * this player — a launch token, never the session's own (docs/decisions/141): pass the session's
 * token as `notSession` to check it — and the parameters.
 */
export async function expectGameSite(page: Page, player: Credentials, game: string, params: Record<string, string>, { notSession }: { notSession?: string } = {}): Promise<string> {
  await page.waitForURL((url) => url.origin === apiUrl() && url.pathname === `/games/${game}`);
  const url = new URL(page.url());
  const token = url.searchParams.get('accesstoken');
  expect(token).toBeTruthy();
  if (notSession !== undefined) expect(token).not.toBe(notSession);
  for (const [name, value] of Object.entries(params)) expect(url.searchParams.get(name), name).toBe(value);
  await expect(page.getByTestId('token-status')).toHaveText(`Valid session: playing as ${player.username}`);
  await expect(page.locator('[data-param="accesstoken"]')).toHaveText(token ?? '');
  for (const [name, value] of Object.entries(params)) await expect(page.locator(`[data-param="${name}"]`)).toHaveText(value);
  return token ?? '';
}
