import { membersEndpoints } from '@suwerte/contracts';
import { callApi, fundPlayer, operatorDecide, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { chooseBank, documentKept, headerBalance, markDocument, sessionToken } from './members-helpers';

test("withdraw validation: the spec's messages, and nothing above the balance", async ({ page, loginAs }) => {
  const player = await registerPlayer('wdval');
  await fundPlayer(player, 100);
  await loginAs(player, '/members/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('₱100.00');
  const submit = page.getByRole('button', { name: 'Withdraw' });
  await submit.click();
  for (const message of ['Account Name Required', 'Account Number Required', 'Amount Required', 'Bank/Ewallet Required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Amount').fill('49');
  await submit.click();
  await expect(page.getByText('50php minimum')).toBeVisible();
  await page.getByLabel('Amount').fill('100.01');
  await submit.click();
  await expect(page.getByText('Insufficient balance')).toBeVisible();
  await expect(page.getByText('NO WITHDRAWAL')).toBeVisible();
});

test('withdraw: the header balance drops at once, the list shows it, and the 8 s poll brings the decision', async ({ page, loginAs }) => {
  const player = await registerPlayer('wd');
  await fundPlayer(player, 1000);
  await loginAs(player, '/members/withdraw');
  await expect(headerBalance(page)).toHaveText('₱1,000.00');
  await expect(page.getByText('NO WITHDRAWAL')).toBeVisible();

  await page.getByLabel('Account name').fill('Juan Dela Cruz');
  await page.getByLabel('Account number').fill('09171234567');
  await page.getByLabel('Amount').fill('300');
  await chooseBank(page, 'GCash');
  await page.getByRole('button', { name: 'Withdraw' }).click();

  await expect(page.getByText('Withdrawal request successfully submitted')).toBeVisible();
  await expect(headerBalance(page)).toHaveText('₱700.00');
  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toContainText('GCash');
  await expect(row).toContainText('₱300.00');
  await expect(row).toContainText('PENDING');
  await markDocument(page);

  // An operator rejects it: with no reload and no focus change, only the 8 s poll can show it,
  // and the refund reaches the header.
  const [withdrawal] = await callApi(membersEndpoints.withdrawHistory, { token: await sessionToken(page) });
  await operatorDecide('withdrawals', withdrawal?._id ?? '', 'reject');
  const decidedAt = Date.now();
  await expect(row).toContainText('REJECTED', { timeout: 12_000 });
  expect(Date.now() - decidedAt).toBeLessThan(10_000);
  await expect(headerBalance(page)).toHaveText('₱1,000.00');
  expect(await documentKept(page)).toBe(true);
});
