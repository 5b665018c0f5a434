import { fakeApi, renderWithProviders, startSignedIn, syncAccountForTest, untilAborted, type FakeApiCall } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { type DepositRecord, type PaymentOption } from '@suwerte/contracts/members';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DepositPage } from './DepositPage';

const OPTIONS: PaymentOption[] = [
  { _id: '6650a0000000000000000001', mopname: 'QRPH', label: 'QR Ph — instant', accountname: 'Suwerte Gaming Corp.', accountnumber: 'Merchant ID SWT-000123', ImageLink: 'http://api.test/payment-options/qrph.png' },
  { _id: '6650a0000000000000000002', mopname: 'GCASH', label: 'GCash', accountname: 'Suwerte Gaming Corp.', accountnumber: '0917 555 0123', ImageLink: 'http://api.test/payment-options/gcash.png' },
];

const deposit = (overrides: Partial<DepositRecord> = {}): DepositRecord => ({
  _id: '6650d0000000000000000001',
  Mode: 'GCASH',
  Status: 1,
  Amount: 500,
  createdAt: '2026-06-01T04:00:00.000Z',
  ImageLink: 'http://api.test/uploads/6650d0000000000000000009.png',
  ...overrides,
});

type Handler = (call: FakeApiCall) => { status: number; data: unknown } | undefined;

/** The player API as the page sees it; `override` answers first. */
function api(override: Handler = () => undefined, deposits: () => DepositRecord[] = () => []) {
  return fakeApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url === '/mop') return { status: 200, data: OPTIONS };
    if (call.url === '/deposit/history') return { status: 200, data: deposits() };
    return { status: 404, data: { message: 'Not found' } };
  });
}

/** The test config's outside image host (no token goes there). */
const IMAGE_HOST = 'http://images.test/upload';

/** The sending account ('Juan Dela Cruz', '0917') and a small proof, in the open manual dialog. */
async function fillManualForm(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Account name'), 'Juan Dela Cruz');
  await userEvent.type(within(dialog).getByLabelText('Account number'), '0917');
  const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!fileInput) throw new Error('no file input');
  await userEvent.upload(fileInput, new File([new Uint8Array(16)], 'receipt.png', { type: 'image/png' }));
}

const proceed = () => screen.getByRole('button', { name: 'Proceed' });

async function choose(method: string, amount: string) {
  await userEvent.click(await screen.findByRole('radio', { name: method }));
  await userEvent.clear(screen.getByLabelText('Amount'));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
}

/** The page rendered, GCash and `amount` chosen, the manual dialog filled and submitted; returns that dialog. */
async function submitManualDeposit(amount: string): Promise<HTMLElement> {
  renderWithProviders(<DepositPage />);
  await choose('GCash', amount);
  await userEvent.click(proceed());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
  await fillManualForm(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit deposit' }));
  return dialog;
}

/** The page rendered, QR Ph and `amount` chosen, Generate QR pressed; returns the confirm dialog. */
async function generateQr(amount: string): Promise<HTMLElement> {
  renderWithProviders(<DepositPage />);
  await choose('QR Ph — instant', amount);
  await userEvent.click(proceed());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Generate QR' }));
  return dialog;
}

describe('DepositPage', () => {
  beforeEach(() => {
    startSignedIn('demoplayer', 1000);
    // As in the site: the account query owns the balance and mirrors it into the store.
    syncAccountForTest();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the payment methods with account name, number and image', async () => {
    api();
    renderWithProviders(<DepositPage />);
    const gcash = await screen.findByRole('radio', { name: 'GCash' });
    expect(within(gcash).getByText('0917 555 0123')).toBeInTheDocument();
    expect(within(gcash).getByText('Suwerte Gaming Corp.')).toBeInTheDocument();
    expect(gcash.querySelector('img')).toHaveAttribute('src', 'http://api.test/payment-options/gcash.png');
    expect(await screen.findByText('NO DEPOSIT')).toBeInTheDocument();
  });

  it('fetches the history with the methods, and shows the amount and the history once they are in, so nothing jumps down as they arrive', async () => {
    let answerOptions: () => void = () => undefined;
    const optionsIn = new Promise<void>((resolve) => (answerOptions = resolve));
    const calls = fakeApi(async (call) => {
      if (call.url === '/mop') {
        await optionsIn;
        return { status: 200, data: OPTIONS };
      }
      if (call.url === '/deposit/history') return { status: 200, data: [deposit()] };
      return { status: 404, data: { message: 'Not found' } };
    });
    renderWithProviders(<DepositPage />);
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining(['/mop', '/deposit/history'])));
    expect(screen.getByText('Fetching data')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deposit history' })).not.toBeInTheDocument();
    act(() => answerOptions());
    expect(await screen.findByRole('radio', { name: 'GCash' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deposit history' })).toBeInTheDocument();
    expect(within(screen.getByTestId('deposit-row')).getByText('GCash')).toBeInTheDocument();
  });

  it("shows 'NO OPTIONS FOUND' when there are none, or the list fails to load", async () => {
    api((call) => (call.url === '/mop' ? { status: 500, data: { message: 'Internal server error' } } : undefined));
    renderWithProviders(<DepositPage />);
    expect(await screen.findByText('NO OPTIONS FOUND', {}, { timeout: 4000 })).toBeInTheDocument();
    // The history still shows (its methods by their codes).
    expect(await screen.findByText('NO DEPOSIT')).toBeInTheDocument();
  });

  it('takes digits only, offers the presets, and disables Proceed without a method, an amount or below 50', async () => {
    api();
    renderWithProviders(<DepositPage />);
    await screen.findByRole('radio', { name: 'GCash' });
    expect(proceed()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Amount'), '1a2.3-');
    expect(screen.getByLabelText('Amount')).toHaveValue('123');
    expect(proceed()).toBeDisabled(); // no method yet
    await userEvent.click(screen.getByRole('radio', { name: 'GCash' }));
    expect(proceed()).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '49');
    expect(proceed()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Amount'));
    expect(proceed()).toBeDisabled();
    const presets = within(screen.getByRole('group', { name: 'Amount presets' })).getAllByRole('button');
    expect(presets.map((button) => button.textContent)).toEqual(['50', '100', '200', '500', '1,000']);
    await userEvent.click(screen.getByRole('button', { name: '500' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('500');
    expect(screen.getByRole('button', { name: '500' })).toHaveAttribute('aria-pressed', 'true');
    expect(proceed()).toBeEnabled();
  });

  it('manual deposit: requires the account and the proof, uploads the proof, then reports success', async () => {
    let history: DepositRecord[] = [];
    const calls = api(
      (call) => {
        if (call.url === IMAGE_HOST) return { status: 200, data: { secure_url: 'https://img.test/proof.png' } };
        if (call.method === 'POST' && call.url === '/transaction/cashin') {
          history = [deposit({ Amount: 200 })];
          return { status: 201, data: history[0] };
        }
        return undefined;
      },
      () => history,
    );
    const uploads = () => calls.filter((call) => call.url === IMAGE_HOST);
    renderWithProviders(<DepositPage />);
    await choose('GCash', '200');
    await userEvent.click(proceed());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
    expect(within(dialog).getByTestId('deposit-confirm-amount')).toHaveTextContent('₱200.00');
    expect(within(dialog).getByText('0917 555 0123')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit deposit' }));
    expect(await within(dialog).findByText('Account Name Required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account Number Required')).toBeInTheDocument();
    expect(within(dialog).getByText('File is required')).toBeInTheDocument();
    expect(uploads()).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Juan Dela Cruz');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '09171234567');
    const fileInput = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    await userEvent.upload(fileInput, new File([new Uint8Array(16)], 'receipt.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit deposit' }));

    const result = await screen.findByRole('dialog', { name: 'Deposit Requested Successfully!' });
    expect(within(result).getByText('Your deposit request has been received and is now being processed.')).toBeInTheDocument();
    const form = uploads()[0]?.body as FormData;
    expect(form.get('upload_preset')).toBe('preset');
    expect(form.get('cloud_name')).toBe('cloud');
    expect((form.get('file') as File).name).toBe('receipt.png');
    expect(calls.find((call) => call.url === '/transaction/cashin')?.body).toEqual({
      Amount: 200,
      AccountName: 'Juan Dela Cruz',
      AccountNumber: '09171234567',
      ImageLink: 'https://img.test/proof.png',
      Mode: 'GCASH',
      InvoiceNumber: null,
    });
    await userEvent.click(within(result).getByRole('button', { name: 'OK' }));
    // The pending deposit shows in the refreshed list.
    const row = await screen.findByTestId('deposit-row');
    expect(within(row).getByText('PENDING')).toBeInTheDocument();
    expect(within(row).getByText('₱200.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('');
  });

  it('manual deposit failure: the failure dialog, then Try again keeps what was typed', async () => {
    api((call) =>
      call.url === IMAGE_HOST
        ? { status: 200, data: { secure_url: 'https://img.test/proof.png' } }
        : call.url === '/transaction/cashin'
          ? { status: 500, data: { message: 'Internal server error' } }
          : undefined,
    );
    await submitManualDeposit('100');

    const result = await screen.findByRole('dialog', { name: 'Deposit Request Failed!' });
    expect(within(result).getByText('An error occurred while processing your deposit request.')).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm deposit' });
    expect(within(again).getByLabelText('Account name')).toHaveValue('Juan Dela Cruz');
    expect(within(again).getByLabelText('Account number')).toHaveValue('0917');
  });

  it('manual deposit: the proof upload shows its progress and can be cancelled, keeping the form', async () => {
    let upload: FakeApiCall | undefined;
    const calls = fakeApi((call) => {
      if (call.url === IMAGE_HOST) {
        upload = call;
        // Never answers: only the player's Cancel ends it.
        return untilAborted(call);
      }
      if (call.url === '/mop') return { status: 200, data: OPTIONS };
      if (call.url === '/deposit/history') return { status: 200, data: [] };
      return { status: 404, data: { message: 'Not found' } };
    });
    const dialog = await submitManualDeposit('100');

    const bar = await within(dialog).findByRole('progressbar', { name: 'Proof upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => upload?.onUploadProgress?.({ loaded: 42, total: 100, progress: 0.42, bytes: 42, lengthComputable: true }));
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(within(dialog).getByText('Uploading your proof… 42%')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(upload?.signal?.aborted).toBe(true);
    // No failure dialog and no deposit: the form as it was, ready to send again.
    expect(screen.queryByRole('dialog', { name: 'Deposit Request Failed!' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/transaction/cashin')).toBe(false);
    expect(within(dialog).getByLabelText('Account name')).toHaveValue('Juan Dela Cruz');
    expect(within(dialog).getByRole('button', { name: 'Submit deposit' })).toBeEnabled();
  });

  it("QR gateway: below ₱100 says 'Minimum deposit amount is 100.' without calling the gateway", async () => {
    const calls = api();
    const dialog = await generateQr('50');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Minimum deposit amount is 100.');
    expect(calls.some((call) => call.url === '/transaction/cashin/gateway')).toBe(false);
  });

  it("QR gateway failure: 'QR Code generation failed. Please try again.'", async () => {
    api((call) => (call.url === '/transaction/cashin/gateway' ? { status: 502, data: { message: 'Bad gateway' } } : undefined));
    const dialog = await generateQr('200');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('QR Code generation failed. Please try again.');
    expect(within(dialog).getByRole('button', { name: 'Generate QR' })).toBeEnabled();
  });

  it('QR gateway: shows the QR linking to the payment page, sanitises qr_html, and refreshes the balance once paid', async () => {
    let status = 1;
    const calls = api(
      (call) => {
        if (call.url === '/transaction/cashin/gateway') {
          return {
            status: 200,
            data: {
              qr_image: 'data:image/png;base64,iVBORw0KGgo=',
              qr_html: '<div><p>Amount: <strong>₱200.00</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">bad</a><a href="http://api.test/gateway/pay/abc">Open the payment page</a><style>body{display:none}</style></div>',
              deposit_id: '6650d00000000000000000aa',
              payment_url: 'http://api.test/gateway/pay/abc',
            },
          };
        }
        if (call.url === '/account/') return { status: 200, data: { ...sessionStore.getState().account, balance: 1200 } };
        return undefined;
      },
      () => [deposit({ _id: '6650d00000000000000000aa', Mode: 'QRPH', Amount: 200, Status: status, ImageLink: null })],
    );
    await generateQr('200');

    const dialog = await screen.findByRole('dialog', { name: 'Scan to pay' });
    const qr = within(dialog).getByRole('img', { name: 'QR code to pay ₱200.00' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(qr.closest('a')).toHaveAttribute('href', 'http://api.test/gateway/pay/abc');
    expect(qr.closest('a')).toHaveAttribute('target', '_blank');
    const details = within(dialog).getByTestId('qr-details');
    expect(details).toHaveTextContent('Amount: ₱200.00');
    expect(details.innerHTML).not.toMatch(/script|onerror|javascript:|<img|<style/);
    expect(within(details).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByText('Waiting for the payment gateway to confirm your ₱200.00 payment… your balance updates by itself once it does.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/transaction/cashin/gateway')?.body).toEqual({ amount: 200 });

    // Paid on the gateway: the next poll sees it approved and the balance follows by itself.
    status = 3;
    expect(await within(dialog).findByText('Payment received', {}, { timeout: 6000 })).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().account?.balance).toBe(1200));
  }, 15_000);

  it('a pending QR in the list (after a reload too) shows its code again and waits for its payment', async () => {
    let status = 1;
    const pending = () => deposit({ _id: '6650d00000000000000000bb', Mode: 'QRPH', Amount: 300, Status: status, ImageLink: null });
    const calls = api(
      (call) =>
        call.url === '/transaction/cashin/gateway/6650d00000000000000000bb'
          ? {
              status: 200,
              data: { qr_image: 'data:image/png;base64,iVBORw0KGgo=', qr_html: '<p>Amount: ₱300.00</p>', deposit_id: '6650d00000000000000000bb', payment_url: 'http://api.test/gateway/pay/bb' },
            }
          : undefined,
      () => [pending(), deposit()],
    );
    renderWithProviders(<DepositPage />);
    const rows = await screen.findAllByTestId('deposit-row');
    // Only the pending QR deposit offers its code; a manual one has none.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Show the QR code/ })).not.toBeInTheDocument();
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Show the QR code for ₱300.00' }));

    const dialog = await screen.findByRole('dialog', { name: 'Scan to pay' });
    expect(within(dialog).getByRole('img', { name: 'QR code to pay ₱300.00' }).closest('a')).toHaveAttribute('href', 'http://api.test/gateway/pay/bb');
    expect(within(dialog).getByText(/Waiting for the payment gateway to confirm your ₱300.00 payment/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/transaction/cashin/gateway')).toEqual([]);
    status = 3;
    expect(await within(dialog).findByText('Payment received', {}, { timeout: 6000 })).toBeInTheDocument();
  }, 15_000);

  it('a QR paid or expired meanwhile says so, and the list catches up', async () => {
    let status = 1;
    api(
      (call) => (call.url.startsWith('/transaction/cashin/gateway/') ? { status: 404, data: { message: 'This QR code is no longer waiting for a payment' } } : undefined),
      () => [deposit({ _id: '6650d00000000000000000cc', Mode: 'QRPH', Amount: 100, Status: status, ImageLink: null })],
    );
    renderWithProviders(<DepositPage />, { toasts: true });
    const row = await screen.findByTestId('deposit-row');
    status = 2;
    await userEvent.click(within(row).getByRole('button', { name: 'Show the QR code for ₱100.00' }));
    expect(await screen.findByText('This QR code is no longer waiting for a payment')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('deposit-row')).getByText('REJECTED')).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Scan to pay' })).not.toBeInTheDocument();
  });

  it("'View proof' shows the proof, fetched with the player's token (the API serves it to its owner only)", async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const calls = api(
      (call) => (call.url === '/uploads/6650d0000000000000000009.png' ? { status: 200, data: png } : undefined),
      () => [deposit()],
    );
    renderWithProviders(<DepositPage />);
    const row = await screen.findByTestId('deposit-row');
    await userEvent.click(within(row).getByRole('button', { name: 'View proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
    expect(await within(dialog).findByRole('img', { name: 'Proof of payment' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw==');
    const fetched = calls.find((call) => call.url.endsWith('/uploads/6650d0000000000000000009.png'));
    expect(String(fetched?.headers.Authorization)).toMatch(/^Bearer /);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the proof' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Proof of payment' })).not.toBeInTheDocument());
  });

  it("'View proof' says so when the proof cannot be loaded", async () => {
    api((call) => (call.url.includes('/uploads/') ? { status: 404, data: { message: 'Not found' } } : undefined), () => [deposit()]);
    renderWithProviders(<DepositPage />);
    await userEvent.click(within(await screen.findByTestId('deposit-row')).getByRole('button', { name: 'View proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
    expect(await within(dialog).findByText('The proof could not be loaded. Please try again later.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
