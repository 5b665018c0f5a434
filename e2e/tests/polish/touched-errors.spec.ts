import { DEMO, hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Document 1, section 5: "A field's error shows only after the field has been touched" —
// touched means focused and left, so leaving an empty required field shows its error.

test('registration: leaving the empty referral shows its error; a field never visited stays quiet', async ({ page }) => {
  await page.goto(`${hostUrl()}/Registration`);
  const referral = page.getByLabel('Referral code');
  await referral.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Please input referral')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await page.getByLabel('Proceed without code').check();
  await expect(page.getByText('Please input referral')).toBeHidden();
});

test('withdraw: leaving the empty account name shows its error', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/withdraw');
  const name = page.getByLabel('Account name');
  await name.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Account Name Required')).toBeVisible();
  await expect(page.getByText('Amount Required')).toBeHidden();
});

test('pressing a link just below a visited field still follows it', async ({ page }) => {
  await page.goto(hostUrl());
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Password', { exact: true }).focus();
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/Registration$/);
  await expect(dialog).toBeHidden();
});
