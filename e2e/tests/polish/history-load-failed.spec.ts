import type { Page } from '@playwright/test';
import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 16 (a suite about bad answers: it cuts the network for one list on purpose). The spec shows
// a list that failed to load as empty; a line under it says so and retries, so a network failure
// never reads as "you have no bets".
const LISTS = [
  { name: 'bet history', path: '/members/bet-history', api: '/bet/history', empty: 'NO BET', rows: true },
  { name: 'transaction history', path: '/members/transaction-history', api: '/transact/history', empty: 'NO TRANSACTION', rows: true },
  { name: 'deposit history', path: '/members/deposit', api: '/deposit/history', empty: 'NO DEPOSIT', rows: true },
  { name: 'withdrawal history', path: '/members/withdraw', api: '/withdraw/history', empty: 'NO WITHDRAWAL', rows: false },
  { name: 'sports games', path: '/Sports', api: '/schedule', empty: 'No games found', rows: false },
] as const;

/**
 * Cuts the network for one API path (as a dropped phone connection would); returns what restores it.
 * The route stays and lets requests through once restored: removing it while the page starts a
 * request (a poll) can leave that request paused for good.
 */
async function cut(page: Page, pathname: string): Promise<() => void> {
  let down = true;
  await page.route(
    (url) => url.pathname === pathname,
    (route) => (down ? route.abort('internetdisconnected') : route.continue()),
  );
  return () => {
    down = false;
  };
}

for (const list of LISTS) {
  test(`${list.name}: a failed load shows the empty text and a "couldn't load — Retry" line`, async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
    await page.goto('about:blank');
    const restore = await cut(page, list.api);
    await loginAs(DEMO, list.path);
    await expect(page.getByText(list.empty, { exact: true })).toBeVisible({ timeout: 15_000 });
    const failed = page.getByTestId('list-load-failed');
    await expect(failed).toHaveText("Couldn't load this list — Retry");

    restore();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toBeHidden();
    if (list.rows) await expect(page.getByText(list.empty, { exact: true })).toBeHidden();
  });
}
