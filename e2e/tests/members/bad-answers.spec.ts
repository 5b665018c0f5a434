// The one members suite that intercepts the network: it serves deliberately bad answers to check
// the spec's failure texts. Everything else runs against the real player API.
import { registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { chooseBank, fillManualDeposit } from './members-helpers';

test("a failing QR gateway says 'QR Code generation failed. Please try again.'", async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/502/);
  const player = await registerPlayer('badqr');
  await page.route('**/transaction/cashin/gateway', (route) => route.fulfill({ status: 502, json: { message: 'Bad gateway' } }));
  await loginAs(player, '/members/deposit');
  await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
  await page.getByRole('button', { name: '500', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await dialog.getByRole('button', { name: 'Generate QR' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('QR Code generation failed. Please try again.');
});

test("a failing manual deposit shows 'Deposit Request Failed!' and keeps the form", async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/500/);
  const player = await registerPlayer('badcash');
  await page.route('**/transaction/cashin', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Internal server error' } }) : route.fallback(),
  );
  await loginAs(player, '/members/deposit');
  const dialog = await fillManualDeposit(page, { method: 'Maya', amount: '75', accountNumber: '09180000000' });
  await dialog.getByRole('button', { name: 'Submit deposit' }).click();
  const result = page.getByRole('dialog', { name: 'Deposit Request Failed!' });
  await expect(result.getByText('An error occurred while processing your deposit request.')).toBeVisible();
  await result.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm deposit' }).getByLabel('Account name')).toHaveValue('Maria Clara');
});

test("a refused withdrawal says 'Withdrawal request failed' with the reason, keeping what was typed", async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/400/);
  const player = await registerPlayer('badwd');
  // The page believes the player has money; the server knows better.
  await page.route('**/account/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), balance: 5000 } });
  });
  await loginAs(player, '/members/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('₱5,000.00');
  await page.getByLabel('Account name').fill('Juan');
  await page.getByLabel('Account number').fill('123');
  await page.getByRole('textbox', { name: 'Amount' }).fill('60');
  await chooseBank(page, 'Maya');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Withdrawal request failed' });
  await expect(alert).toContainText('Insufficient balance: you can withdraw up to ₱0.00');
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('60');
});

test('lists that fail to load show as empty', async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/500/);
  const player = await registerPlayer('badlist');
  for (const path of ['**/mop', '**/deposit/history', '**/withdraw/history', '**/bet/history']) {
    await page.route(path, (route) => route.fulfill({ status: 500, json: { message: 'Internal server error' } }));
  }
  await loginAs(player, '/members/deposit');
  await expect(page.getByText('NO OPTIONS FOUND')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('NO DEPOSIT')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Members' }).getByRole('link', { name: 'Withdraw' }).click();
  await expect(page.getByText('NO WITHDRAWAL')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Members' }).getByRole('link', { name: 'Bet History' }).click();
  await expect(page.getByText('NO BET')).toBeVisible({ timeout: 15_000 });
});
