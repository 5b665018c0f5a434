import { hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { fundedPlayer } from './karera-support';

test("Lucky Keno's Play Now opens the slot game in a new tab with the access token only", async ({ page, context, loginAs }) => {
  const player = await fundedPlayer(10);
  await loginAs(player, '/Egames');
  const [game] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' }).click()]);
  await game.waitForURL(/\/games\/slotmachine\?/);
  const url = new URL(game.url());
  // `/SlotMachineRoute` "redirects externally with accesstoken only" (document 1; docs/decisions/191).
  expect([...url.searchParams.keys()]).toEqual(['accesstoken']);
  expect(url.searchParams.get('accesstoken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(game.getByRole('heading', { name: 'Slot Machine' })).toBeVisible();
  await expect(game.getByTestId('token-status')).toHaveText(`Valid session: playing as ${player.username}`);
  // The site stays open in the first tab.
  await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
});

test('/SlotMachine offers the game in a new tab; a visitor is asked to sign in first', async ({ page, context, loginAs }) => {
  await page.goto(`${hostUrl()}/SlotMachine`);
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();

  await loginAs(await fundedPlayer(10), '/SlotMachine');
  await expect(page.getByRole('heading', { name: 'Lucky Keno', level: 1 })).toBeVisible();
  const [game] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' }).click()]);
  await game.waitForURL(/\/games\/slotmachine\?/);
  await expect(game.getByTestId('token-status')).toContainText('Valid session');
});

test('the home page shows the E-Games widget with Video Karera and Lucky Keno', async ({ page }) => {
  await page.goto(hostUrl());
  const widget = page.getByRole('region', { name: 'SUWERTE E-GAMES' });
  await expect(widget.getByRole('heading', { name: 'Video Karera' })).toBeVisible();
  await expect(widget.getByRole('heading', { name: 'Lucky Keno' })).toBeVisible();
  await expect(widget.getByRole('link', { name: /^Play Now/ })).toHaveCount(2);
});
