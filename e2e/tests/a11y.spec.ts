import { seriousViolations } from '../support/axe';
import { DEMO, hostUrl } from '../support/api';
import { expect, openSignInDialog, test } from '../support/fixtures';


for (const path of ['/', '/Registration', '/Responsiblegaming', '/no/such/page']) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(`${hostUrl()}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the sign-in dialog is accessible and keyboard-usable', async ({ page }) => {
  await page.goto(hostUrl());
  const dialog = await openSignInDialog(page);
  await expect(dialog.getByLabel('Username')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the profile page is accessible', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
