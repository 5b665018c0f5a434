import type { Page } from '@playwright/test';
import { membersEndpoints } from '@suwerte/contracts';
import { callApi, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { documentKept, headerBalance, markDocument, sessionToken } from '../members/members-helpers';

/** Pays on the gateway stand-in's page, as the player's banking app would. */
async function pay(paymentUrl: string): Promise<void> {
  const paid = await fetch(paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect(paid.status).toBe(303);
}

/** On the deposit page: QR Ph, ₱200, Proceed, Generate QR — the code's dialog opens. */
async function generateQr(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
  await page.getByRole('button', { name: '200', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Confirm deposit' }).getByRole('button', { name: 'Generate QR' }).click();
}

// Item 6: a reload forgets nothing about a QR deposit, and the balance follows a payment on
// whatever page the player is (the account event stream, not the deposit page's own watch).
test('after a reload a pending QR is listed, can be reopened, and paying it moves the balance at once', async ({ page, loginAs }) => {
  const player = await registerPlayer('qrreload');
  await loginAs(player, '/members/deposit');
  await generateQr(page);
  await expect(page.getByRole('dialog', { name: 'Scan to pay' }).getByRole('img', { name: 'QR code to pay ₱200.00' })).toBeVisible();

  await page.reload();
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText('PENDING');
  await row.getByRole('button', { name: 'Show the QR code for ₱200.00' }).click();
  const qr = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(qr.getByRole('img', { name: 'QR code to pay ₱200.00' })).toBeVisible();
  await expect(qr.getByText('Waiting for the payment gateway to confirm your ₱200.00 payment… your balance updates by itself once it does.')).toBeVisible();
  await markDocument(page);

  const paymentUrl = (await qr.getByRole('link', { name: 'Open the payment page for ₱200.00' }).getAttribute('href')) ?? '';
  await pay(paymentUrl);
  // The stream looks every second: well within the 20 s the player waited before.
  await expect(headerBalance(page)).toHaveText('₱200.00', { timeout: 5_000 });
  await expect(qr.getByText('Payment received')).toBeVisible({ timeout: 5_000 });
  await qr.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('APPROVED');
  await expect(row.getByRole('button', { name: /Show the QR code/ })).toBeHidden();
  expect(await documentKept(page)).toBe(true);
});

test('the balance and the transaction history follow a QR payment on another page, without a reload', async ({ page, loginAs }) => {
  const player = await registerPlayer('qrelsewhere');
  await loginAs(player, '/members/transaction-history');
  await expect(headerBalance(page)).toHaveText('₱0.00');
  await expect(page.getByText('NO TRANSACTION')).toBeVisible();
  await markDocument(page);

  // Paid from the player's phone while this page stays open.
  const { payment_url } = await callApi(membersEndpoints.gatewayCashIn, { token: await sessionToken(page), body: { amount: 150 } });
  await pay(payment_url);
  await expect(headerBalance(page)).toHaveText('₱150.00', { timeout: 5_000 });
  await expect(page.getByTestId('transaction-row').first()).toContainText('₱150.00', { timeout: 5_000 });

  // On the home page too.
  await page.getByRole('link', { name: 'Home' }).first().click();
  const second = await callApi(membersEndpoints.gatewayCashIn, { token: await sessionToken(page), body: { amount: 100 } });
  await pay(second.payment_url);
  await expect(headerBalance(page)).toHaveText('₱250.00', { timeout: 5_000 });
  expect(await documentKept(page)).toBe(true);
});

test('a QR dialog closed before the payment leaves a notice on the page that opens the code again', async ({ page, loginAs }) => {
  const player = await registerPlayer('qrnotice');
  await loginAs(player, '/members/deposit');
  await generateQr(page);
  const qr = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(qr.getByRole('img', { name: 'QR code to pay ₱200.00' })).toBeVisible();
  await qr.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(qr).toBeHidden();

  const notice = page.getByRole('status').filter({ hasText: 'Waiting for your QR payment' });
  await expect(notice).toContainText('Pay ₱200.00 with the QR code; your balance updates by itself.');
  await notice.getByRole('button', { name: 'Show QR code' }).click();
  await expect(qr.getByRole('img', { name: 'QR code to pay ₱200.00' })).toBeVisible();
});
