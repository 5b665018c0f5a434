import { hostUrl, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the Lotto page fits the screen: cards one per row, results full-screen', async ({ page, loginAs }) => {
  await loginAs(await registerPlayer('phone'), '/Lotto');
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
  const cards = page.getByTestId('lotto-schedule-card');
  await expect(cards.first()).toBeVisible();
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  // One card per row, nearly the full width.
  expect(first?.width ?? 0).toBeGreaterThan(330);
  expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeVisible();

  // A bet button is reachable and big enough to tap.
  const bet = cards.filter({ has: page.getByRole('timer') }).first().getByRole('link').first();
  await bet.scrollIntoViewIfNeeded();
  expect((await bet.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);

  await page.getByRole('button', { name: 'Lotto Results' }).click();
  await expect(page.getByRole('dialog', { name: 'Lotto Results' })).toBeVisible();
  const box = await page.locator('.mantine-Modal-content').boundingBox();
  expect(box?.width).toBe(390);
  await expect(page.getByRole('table', { name: 'Lotto Results' })).toBeVisible();
  // The numbers are visible without scrolling sideways.
  const result = page.getByRole('table', { name: 'Lotto Results' }).getByRole('row').nth(1).getByRole('cell').nth(2);
  const cell = await result.boundingBox();
  expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Close Lotto Results' }).click();
});

test("on a phone the home page's Lotto Today fits", async ({ page }) => {
  await page.goto(hostUrl());
  const widget = page.getByRole('region', { name: 'Lotto Today' });
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByTestId('todays-draw').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const rows = await widget.getByTestId('todays-draw').all();
  for (const row of rows) expect((await row.boundingBox())?.height ?? 0).toBeLessThan(70);
});
