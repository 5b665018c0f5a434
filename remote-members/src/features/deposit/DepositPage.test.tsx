import { fakeApi, renderWithProviders, startSignedIn, syncAccountForTest, untilAborted, type FakeApiCall } from '@suwerte/shared/testing';
import { type DepositRecord } from '@suwerte/contracts/members';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DepositPage } from './DepositPage';
import { IMAGE_HOST, OPTIONS, api, choose, deposit, proceed, submitManualDeposit } from '../../testing/deposit-page';

// The gateway's QR codes and 'View proof' are in DepositPageQrAndProofs.test.tsx (two files: the two
// Vitest workers share the deposit page's tests, the longest of remote-members).
// The page's dialogs load with their first opening (docs/decisions/225): their modules are imported
// once here, so a test's wait for its dialog is not also a wait for the runner's first transform.
beforeAll(() => Promise.all([import('./ManualDepositDialog'), import('./GatewayDialog'), import('./DepositResultDialog'), import('./ProofDialog')]));

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
    // The logo follows the names onto the screen, in a box already its size.
    expect(gcash.querySelector('img')).not.toHaveAttribute('src');
    await waitFor(() => expect(gcash.querySelector('img')).toHaveAttribute('src', 'http://api.test/payment-options/gcash.png'));
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
    // The table's code follows the form's paint.
    expect(within(await screen.findByTestId('deposit-row')).getByText('GCash')).toBeInTheDocument();
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
});
