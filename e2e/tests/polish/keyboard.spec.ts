import { hostUrl, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { fillManualDeposit } from '../members/members-helpers';

// Item 13: closing a dialog returns focus to the button that opened it; the show/hide password
// toggle is reachable with Tab.

test('closing the sign-in dialog returns focus to the header button that opened it', async ({ page }) => {
  await page.goto(hostUrl());
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });
  await signIn.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();

  // The second time (the dialog's code is loaded by now) and with the close button.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await dialog.getByRole('button', { name: 'Close sign in' }).click();
  await expect(signIn).toBeFocused();
});

test('the show/hide password toggle is reachable with Tab', async ({ page }) => {
  await page.goto(hostUrl());
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.press('Tab');
  const toggle = dialog.getByRole('button', { name: 'Show or hide password' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});

test('on the register page both password toggles are reachable with Tab', async ({ page }) => {
  await page.goto(`${hostUrl()}/Registration`);
  const [password, confirm] = [page.locator('input[autocomplete="new-password"]').first(), page.locator('input[autocomplete="new-password"]').last()];
  await password.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show or hide password' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show or hide confirm password' })).toBeFocused();
});

test('closing the deposit result returns focus to the deposit form (its dialog is gone by then)', async ({ page, loginAs }) => {
  const player = await registerPlayer('resultfocus');
  await loginAs(player, '/members/deposit');
  const dialog = await fillManualDeposit(page);
  await dialog.getByRole('button', { name: 'Submit deposit' }).press('Enter');
  const result = page.getByRole('dialog', { name: 'Deposit Requested Successfully!' });
  await expect(result.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result).toBeHidden();
  // The amount was used up, so Proceed is disabled: the player goes on from the Amount field.
  await expect(page.getByRole('textbox', { name: 'Amount' })).toBeFocused();
});

test('closing a failed deposit’s result with OK returns focus to Proceed, the form kept for another try', async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/400/);
  const player = await registerPlayer('failfocus');
  // The server refuses this one deposit; any later request goes through untouched.
  let refused = false;
  await page.route('**/transaction/cashin', (route) => {
    if (refused || route.request().method() !== 'POST') return route.fallback();
    refused = true;
    return route.fulfill({ status: 400, json: { message: 'Deposit refused' } });
  });
  await loginAs(player, '/members/deposit');
  const dialog = await fillManualDeposit(page);
  await dialog.getByRole('button', { name: 'Submit deposit' }).press('Enter');
  const result = page.getByRole('dialog', { name: 'Deposit Request Failed!' });
  await expect(result.getByRole('button', { name: 'OK' })).toBeFocused();
  expect(refused).toBe(true);
  await page.keyboard.press('Enter');
  await expect(result).toBeHidden();
  // The amount is still there, so Proceed is enabled: the player goes on from it.
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('150');
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeFocused();
});
