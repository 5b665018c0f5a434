import { DEMO, hostUrl } from '../support/api';
import { expect, signInThroughGuardDialog, test } from '../support/fixtures';

test('a protected route without a token opens the sign-in dialog at /, then continues after sign-in', async ({ page }) => {
  await page.goto(`${hostUrl()}/members/profile`);
  await expect(page).toHaveURL(`${hostUrl()}/`);
  await signInThroughGuardDialog(page, DEMO);
  await expect(page).toHaveURL(/\/members\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('the header links of a logged-out visitor to Lotto are guarded too', async ({ page }) => {
  await page.goto(hostUrl());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  await expect(page).toHaveURL(`${hostUrl()}/`);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto(`${hostUrl()}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("Looks like the odds weren't in your favor. This page doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(`${hostUrl()}/`);
});

test('the footer links to Responsible Gaming, with both age notices', async ({ page }) => {
  await page.goto(hostUrl());
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Players must be 21+ to bet. Please gamble responsibly.')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Betting Rules' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await footer.getByRole('link', { name: 'Responsible Gaming' }).click();
  await expect(page).toHaveURL(/\/Responsiblegaming$/);
  await expect(page.getByText(/under 18 years of age are barred/)).toBeVisible();
  await expect(page.getByText(/dial/)).toContainText('1553');
});
