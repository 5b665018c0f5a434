import { DEMO, hostUrl } from '../support/api';
import { expect, openSignInDialog, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the main destinations move to a bottom bar', async ({ page }) => {
  await page.goto(hostUrl());
  const bar = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText(['Home', 'Sports', 'Lotto', 'E-Games']);
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  const box = await bar.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(844 - 100);
  // Nothing overflows sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone the sign-in dialog is full-screen and signs in', async ({ page }) => {
  await page.goto(hostUrl());
  const dialog = await openSignInDialog(page);
  const box = await page.locator('.mantine-Modal-content').boundingBox();
  expect(box?.width).toBe(390);
  expect(box?.height).toBe(844);
  await dialog.getByLabel('Username').fill(DEMO.username);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
