import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, hostUrl, loginToken } from '../../support/api';
import { expect, persistedSession, test } from '../../support/fixtures';
import { confirmNotice, openGame } from '../sports/sports-helpers';

// Issue 37, item 10: on a phone, Back closes a full-screen dialog or the account drawer even on
// the first page of a visit (where there is no page of ours behind it), keeping what the player
// entered; the dialog's own history entry goes when it closes (docs/decisions/190).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const back = (page: Page) => page.evaluate(() => window.history.back());

/** A new tab of a signed-in player, opened straight on `path`: the first page of its visit. */
async function firstPage(context: BrowserContext, page: Page, path: string): Promise<Page> {
  const token = await loginToken(DEMO);
  await page.goto(`${hostUrl()}/404-warmup-for-storage`);
  await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(token));
  const tab = await context.newPage();
  await tab.goto(`${hostUrl()}${path}`);
  return tab;
}

test('Back on the first page of a visit closes Select Betting Game, then Lotto Results, and the page stays', async ({ context, page }) => {
  const tab = await firstPage(context, page, '/Sports');
  await tab.getByTestId('game-card').getByRole('button', { name: /^Bet Now/ }).first().click();
  const select = tab.getByRole('dialog', { name: 'Select Betting Game' });
  await expect(select).toBeVisible();
  await back(tab);
  await expect(select).toBeHidden();
  await expect(tab).toHaveURL(`${hostUrl()}/Sports`);
  await expect(tab.getByTestId('game-card').first()).toBeVisible();

  await tab.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Lotto' }).click();
  await tab.getByRole('button', { name: 'Lotto Results' }).click();
  const results = tab.getByRole('dialog', { name: 'Lotto Results' });
  await expect(results).toBeVisible();
  await back(tab);
  await expect(results).toBeHidden();
  await expect(tab).toHaveURL(`${hostUrl()}/Lotto`);
  // The dialog's entry is gone: the next Back goes to the page before, not to a copy of this one.
  await back(tab);
  await expect(tab).toHaveURL(`${hostUrl()}/Sports`);
  await tab.close();
});

test('Back on the first page of a visit closes the Confirm deposit dialog (the amount kept) and the account drawer', async ({ context, page }) => {
  const tab = await firstPage(context, page, '/members/deposit');
  await tab.getByRole('radio', { name: 'GCash' }).click();
  await tab.getByRole('button', { name: '100', exact: true }).click();
  await tab.getByRole('button', { name: 'Proceed' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(dialog).toBeVisible();
  await back(tab);
  await expect(dialog).toBeHidden();
  await expect(tab).toHaveURL(`${hostUrl()}/members/deposit`);
  await expect(tab.getByRole('button', { name: 'Proceed' })).toBeEnabled();

  const drawer = tab.getByRole('dialog', { name: DEMO.username });
  await tab.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(drawer).toBeVisible();
  await back(tab);
  await expect(drawer).toBeHidden();
  await expect(tab).toHaveURL(`${hostUrl()}/members/deposit`);
  await tab.close();
});

test('a dialog closed by its own button, or left through its link, leaves no entry of its own behind', async ({ page, loginAs }) => {
  const game = await openGame();
  const betNow = page.locator(`[data-testid="game-card"][data-game-id="${game._id}"]`).getByRole('button', { name: /^Bet Now/ });
  await loginAs(DEMO, '/');
  await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Sports' }).click();
  const select = page.getByRole('dialog', { name: 'Select Betting Game' });
  await betNow.click();
  await expect(select).toBeVisible();
  await select.getByRole('button', { name: 'Close Select Betting Game' }).click();
  await expect(select).toBeHidden();
  // Back leaves the Sports page at once.
  await back(page);
  await expect(page).toHaveURL(`${hostUrl()}/`);

  await page.goForward();
  await expect(page).toHaveURL(`${hostUrl()}/Sports`);
  await betNow.click();
  await select.getByRole('link', { name: 'Place bet: Major Jackpot' }).click();
  await expect(page).toHaveURL(/\/Basketball\/Major\//);
  await confirmNotice(page);
  // Back from the page the dialog led to: the Sports page, then home.
  await back(page);
  await expect(page).toHaveURL(`${hostUrl()}/Sports`);
  await expect(select).toBeHidden();
  await back(page);
  await expect(page).toHaveURL(`${hostUrl()}/`);
});
