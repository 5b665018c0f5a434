import { accountEndpoints, membersEndpoints } from '@suwerte/contracts';
import { callApi, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { PROOF_PNG, documentKept, headerBalance, markDocument, sessionToken } from './members-helpers';

test('QR deposit: paying on the gateway page raises the header balance without a reload', async ({ page, loginAs }) => {
  const player = await registerPlayer('qr');
  await loginAs(player, '/members/deposit');
  await expect(headerBalance(page)).toHaveText('₱0.00');

  await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
  await page.getByRole('button', { name: '200', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(confirm.getByTestId('deposit-confirm-amount')).toHaveText('₱200.00');
  await confirm.getByRole('button', { name: 'Generate QR' }).click();

  const qr = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(qr.getByRole('img', { name: 'QR code to pay ₱200.00' })).toBeVisible();
  await expect(qr.getByTestId('qr-details')).toContainText('₱200.00');
  await expect(qr.getByText(/Waiting for the payment gateway to confirm your ₱[0-9,.]+ payment/)).toBeVisible();
  await markDocument(page);

  // The QR image links to the gateway's payment page (what a phone would open by scanning).
  const link = qr.getByRole('link', { name: 'Open the payment page for ₱200.00' });
  const paymentUrl = (await link.getAttribute('href')) ?? '';
  const [gateway] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await gateway.getByRole('button', { name: 'Pay ₱200.00' }).click();
  await expect(gateway.getByTestId('payment-status')).toHaveText('Payment received. You can close this page.');
  await gateway.close();

  await expect(headerBalance(page)).toHaveText('₱200.00');
  // Paying again credits nothing more.
  expect((await page.request.post(paymentUrl, { form: {}, maxRedirects: 0 })).status()).toBe(303);
  expect((await callApi(accountEndpoints.account, { token: await sessionToken(page) })).balance).toBe(200);
  await expect(qr.getByText('Payment received')).toBeVisible();
  expect(await documentKept(page)).toBe(true);
  await qr.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText('QR Ph — instant');
  await expect(row).toContainText('₱200.00');
  await expect(row).toContainText('APPROVED');
});

test('manual deposit: the proof is uploaded and the deposit waits, pending, in the list', async ({ page, loginAs }) => {
  const player = await registerPlayer('manual');
  await loginAs(player, '/members/deposit');
  await expect(page.getByText('NO DEPOSIT')).toBeVisible();
  await page.getByRole('radio', { name: 'GCash' }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('150');
  await page.getByRole('button', { name: 'Proceed' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(dialog).toContainText('Send ₱150.00 by GCash to');
  await expect(dialog.getByRole('img', { name: 'GCash account QR code' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(dialog.getByText('Account Name Required')).toBeVisible();
  await expect(dialog.getByText('Account Number Required')).toBeVisible();
  await expect(dialog.getByText('File is required')).toBeVisible();

  await dialog.getByLabel('Account name').fill('Maria Clara');
  await dialog.getByLabel('Account number').fill('09170000001');
  await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PROOF_PNG });
  const uploaded = page.waitForRequest((request) => request.url().endsWith('/image/upload') && request.method() === 'POST');
  await dialog.getByRole('button', { name: 'Submit deposit' }).click();
  // The upload is the player's own: it carries their token.
  expect((await uploaded).headers().authorization).toBe(`Bearer ${await sessionToken(page)}`);

  const result = page.getByRole('dialog', { name: 'Deposit Requested Successfully!' });
  await expect(result.getByText('Your deposit request has been received and is now being processed.')).toBeVisible();
  await result.getByRole('button', { name: 'OK' }).click();

  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText('GCash');
  await expect(row).toContainText('₱150.00');
  await expect(row).toContainText('PENDING');
  // The proof is the player's and operators' only: the page fetches it with the token and shows it.
  await row.getByRole('button', { name: 'View proof' }).click();
  const proofDialog = page.getByRole('dialog', { name: 'Proof of payment' });
  const shown = proofDialog.getByRole('img', { name: 'Proof of payment' });
  await expect(shown).toBeVisible();
  expect(await shown.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await proofDialog.getByRole('button', { name: 'Close the proof' }).click();
  const [pending] = await callApi(membersEndpoints.depositHistory, { token: await sessionToken(page) });
  const proof = pending?.ImageLink ?? '';
  expect((await page.request.get(proof)).status()).toBe(401);
  const own = await page.request.get(proof, { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(own.headers()['content-type']).toBe('image/png');
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect(Buffer.compare(await own.body(), PROOF_PNG)).toBe(0);
  const other = await registerPlayer('peek');
  expect((await page.request.get(proof, { headers: { authorization: `Bearer ${await loginToken(other)}` } })).status()).toBe(404);
  // Nothing is credited until an operator approves.
  await expect(headerBalance(page)).toHaveText('₱0.00');
});

test("deposit validation: Proceed needs a method and at least ₱50; the QR gateway's minimum is ₱100", async ({ page, loginAs }) => {
  const player = await registerPlayer('depval');
  await loginAs(player, '/members/deposit');
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(page.getByRole('radio', { name: 'GCash' })).toBeVisible();
  await expect(proceed).toBeDisabled();
  await page.getByRole('textbox', { name: 'Amount' }).fill('1x0!0');
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('100');
  await expect(proceed).toBeDisabled();
  await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
  await expect(proceed).toBeEnabled();
  await page.getByRole('textbox', { name: 'Amount' }).fill('49');
  await expect(proceed).toBeDisabled();
  await page.getByRole('textbox', { name: 'Amount' }).fill('');
  await expect(proceed).toBeDisabled();

  await page.getByRole('button', { name: '50', exact: true }).click();
  await proceed.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await dialog.getByRole('button', { name: 'Generate QR' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Minimum deposit amount is 100.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
