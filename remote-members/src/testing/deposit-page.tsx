// The deposit page's test kit, shared by its two test files (split so the two Vitest workers share
// their length: docs/decisions/220): a fake player API, sample records, and the player's gestures.
import { renderWithProviders, fakeApi, type FakeApiCall } from '@suwerte/shared/testing';
import { type DepositRecord, type PaymentOption } from '@suwerte/contracts/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DepositPage } from '../features/deposit/DepositPage';

export const OPTIONS: PaymentOption[] = [
  { _id: '6650a0000000000000000001', mopname: 'QRPH', label: 'QR Ph — instant', accountname: 'Suwerte Gaming Corp.', accountnumber: 'Merchant ID SWT-000123', ImageLink: 'http://api.test/payment-options/qrph.png' },
  { _id: '6650a0000000000000000002', mopname: 'GCASH', label: 'GCash', accountname: 'Suwerte Gaming Corp.', accountnumber: '0917 555 0123', ImageLink: 'http://api.test/payment-options/gcash.png' },
];

export const deposit = (overrides: Partial<DepositRecord> = {}): DepositRecord => ({
  _id: '6650d0000000000000000001',
  Mode: 'GCASH',
  Status: 1,
  Amount: 500,
  createdAt: '2026-06-01T04:00:00.000Z',
  ImageLink: 'http://api.test/uploads/6650d0000000000000000009.png',
  ...overrides,
});

export type Handler = (call: FakeApiCall) => { status: number; data: unknown } | undefined;

/** The player API as the page sees it; `override` answers first. */
export function api(override: Handler = () => undefined, deposits: () => DepositRecord[] = () => []) {
  return fakeApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url === '/mop') return { status: 200, data: OPTIONS };
    if (call.url === '/deposit/history') return { status: 200, data: deposits() };
    return { status: 404, data: { message: 'Not found' } };
  });
}

/** The test config's outside image host (no token goes there). */
export const IMAGE_HOST = 'http://images.test/upload';

/** The sending account ('Juan Dela Cruz', '0917') and a small proof, in the open manual dialog. */
export async function fillManualForm(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Account name'), 'Juan Dela Cruz');
  await userEvent.type(within(dialog).getByLabelText('Account number'), '0917');
  const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!fileInput) throw new Error('no file input');
  await userEvent.upload(fileInput, new File([new Uint8Array(16)], 'receipt.png', { type: 'image/png' }));
}

export const proceed = () => screen.getByRole('button', { name: 'Proceed' });

export async function choose(method: string, amount: string) {
  await userEvent.click(await screen.findByRole('radio', { name: method }));
  await userEvent.clear(screen.getByLabelText('Amount'));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
}

/** The page rendered, GCash and `amount` chosen, the manual dialog filled and submitted; returns that dialog. */
export async function submitManualDeposit(amount: string): Promise<HTMLElement> {
  renderWithProviders(<DepositPage />);
  await choose('GCash', amount);
  await userEvent.click(proceed());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
  await fillManualForm(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit deposit' }));
  return dialog;
}

/** The page rendered, QR Ph and `amount` chosen, Generate QR pressed; returns the confirm dialog. */
export async function generateQr(amount: string): Promise<HTMLElement> {
  renderWithProviders(<DepositPage />);
  await choose('QR Ph — instant', amount);
  await userEvent.click(proceed());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Generate QR' }));
  return dialog;
}
