import type { Locator, Page } from '@playwright/test';

/** A 1×1 PNG, the proof of payment the tests upload. */
export const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const headerBalance = (page: Page): Locator => page.getByTestId('header-balance');

/** The access token the site holds for the signed-in player. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('root') ?? '{}') as { state?: { user?: { token?: string } } }).state?.user?.token,
  );
  if (!token) throw new Error('no token in the session');
  return token;
}

/** Marks the document; the mark survives only if the page is never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'kept';
  });
}

export async function documentKept(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.e2eMark === 'kept');
}

export async function chooseBank(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Bank / E-wallet' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}


/**
 * On the deposit page: a manual method and an amount, Proceed, then the sending account and the
 * proof filled in. Returns the open confirmation dialog, ready to submit.
 */
export async function fillManualDeposit(page: Page, { method = 'GCash', amount = '150', proof = PROOF_PNG, accountNumber = '09170000001' } = {}): Promise<Locator> {
  await page.getByRole('radio', { name: method }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await dialog.getByLabel('Account name').fill('Maria Clara');
  await dialog.getByLabel('Account number').fill(accountNumber);
  await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: proof });
  return dialog;
}
