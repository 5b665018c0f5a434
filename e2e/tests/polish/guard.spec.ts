import { DEMO, hostUrl } from '../../support/api';
import { expect, signInThroughGuardDialog, test } from '../../support/fixtures';

test('an unknown path under a protected area gets the guard, not the 404, when signed out', async ({ page }) => {
  await page.goto(`${hostUrl()}/members/no-such-page`);
  await expect(page).toHaveURL(`${hostUrl()}/`);
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeHidden();
});

test('signed in, the same unknown path is the 404 page', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('after signing in from a protected deep link the player reaches that page', async ({ page }) => {
  await page.goto(`${hostUrl()}/Lotto`);
  await expect(page).toHaveURL(`${hostUrl()}/`);
  await signInThroughGuardDialog(page, DEMO);
  await expect(page).toHaveURL(`${hostUrl()}/Lotto`);
});
