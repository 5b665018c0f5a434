import { renderWithProviders, startSignedIn, syncAccountForTest } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DepositPage } from './DepositPage';
import { api, deposit, generateQr } from '../../testing/deposit-page';

// The deposit page's other half (the gateway's QR codes, 'View proof'): see DepositPage.test.tsx.
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
