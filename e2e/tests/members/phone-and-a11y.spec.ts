import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';

const PAGES = [
  ['/members/deposit', 'Deposit'],
  ['/members/withdraw', 'Withdraw'],
  ['/members/bet-history', 'Bet History'],
  ['/members/transaction-history', 'Transaction History'],
] as const;

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [path, title] of PAGES) {
    test(`${title}: rows read as cards and nothing scrolls sideways`, async ({ page, loginAs }) => {
      await loginAs(DEMO, path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const firstRow = page.locator('tbody tr').first();
      await expect(firstRow).toBeVisible();
      // Header row hidden; each cell carries its column name.
      const headerBox = await page.locator('thead').first().boundingBox();
      expect(headerBox?.height ?? 0).toBeLessThanOrEqual(1);
      const cell = firstRow.locator('td[data-label]').first();
      expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).not.toBe('none');
      const rowBox = await firstRow.boundingBox();
      expect(rowBox?.width ?? 0).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }

  test('the deposit dialog is full-screen', async ({ page, loginAs }) => {
    await loginAs(DEMO, '/members/deposit');
    await page.getByRole('radio', { name: 'GCash' }).click();
    await page.getByRole('button', { name: '100', exact: true }).click();
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm deposit' })).toBeVisible();
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

for (const [path, title] of PAGES) {
  test(`${title} has no serious accessibility violations`, async ({ page, loginAs }) => {
    await loginAs(DEMO, path);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the deposit dialogs are accessible and keyboard-usable', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/deposit');
  await page.getByRole('radio', { name: 'GCash' }).click();
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(dialog.getByLabel('Account name')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
