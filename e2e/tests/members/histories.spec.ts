import { DEMO, hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';

test('bet history: caption, columns, a bet of every game type, and a row that expands', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/bet-history');
  const table = page.getByRole('table', { name: 'Recent Bets (Last 7 Days)' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Match', 'Bet', 'Amount', 'Status', 'Type', 'Details']);
  for (const type of ['Ending (Regular)', 'Ending (Grand Jackpot)', 'Ending · Quarter Prize', 'Ending · Reverse Prize', 'Odd/Even', 'First Team To Score', 'Team Winner', 'Slot Machine', 'Video Karera', 'Pick 3 · 6/42', 'Pick 12 · 6/45', 'EZ 2', 'Mega Millions']) {
    await expect(table.getByRole('cell', { name: type, exact: true }).first()).toBeVisible();
  }
  await expect(table.getByRole('cell', { name: '01-05-09-12-18-22-27-30-33-38-41-44 · JP' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '12-25 R' })).toBeVisible();
  await expect(table.getByText('Win').first()).toHaveCSS('color', /^rgb\(\d+, \d+, \d+\)$/);

  const row = table.getByTestId('bet-row').filter({ hasText: '12-25 R' });
  const toggle = row.getByRole('button');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = table.getByTestId('bet-details');
  await expect(details).toContainText('Id');
  await expect(details).toContainText('Result25-12');
  await expect(details).toContainText(/Bet Date\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d (AM|PM)/);
});

test('transaction history: caption, columns, coloured debits and the TRANSACTION DETAILS dialog', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/transaction-history');
  const table = page.getByRole('table', { name: 'Recent Transactions (Last 7 Days)' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Type', 'Amount', 'Balance', 'Details']);
  const debit = table.locator('[data-negative]').first();
  await expect(debit).toHaveText(/^-₱/);
  const red = await debit.evaluate((element) => getComputedStyle(element).color);
  const plain = await table.getByTestId('transaction-row').first().locator('td').first().evaluate((element) => getComputedStyle(element).color);
  expect(red).not.toBe(plain);

  await table.getByTestId('transaction-row').filter({ hasText: 'Win' }).first().getByRole('button', { name: /^Show more/ }).click();
  const dialog = page.getByRole('dialog', { name: 'TRANSACTION DETAILS' });
  const details = dialog.getByTestId('transaction-details');
  await expect(details.locator('dt')).toHaveText(['Game', 'Result', 'Bet', 'Amount', 'Type']);
  await expect(details.locator('dd').nth(3)).toHaveText(/^₱[\d,]+\.\d\d$/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('/members/history lands on the transaction history', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/history');
  await expect(page).toHaveURL(`${hostUrl()}/members/transaction-history`);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
});

test('the members side menu carries the drawer items plus Deposit', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/deposit');
  const menu = page.getByRole('navigation', { name: 'Members' });
  await expect(menu.getByRole('link')).toHaveText(['My Account', 'Deposit', 'Withdraw', 'Bet History', 'Transaction History']);
  await expect(menu.getByRole('link', { name: 'Deposit' })).toHaveAttribute('aria-current', 'page');
});
