import { fakeApi, renderWithProviders, startSignedIn, syncAccountForTest } from '@suwerte/shared/testing';
import { membersEndpoints, type WithdrawalRecord } from '@suwerte/contracts/members';
import { notify, queryClient, sessionStore } from '@suwerte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithdrawPage } from './WithdrawPage';

const BANKS = { data: { data: [{ code: 'GCASH', name: 'GCash' }, { code: 'BDO', name: 'BDO Unibank' }] } };

const record = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  _id: '6650e0000000000000000001',
  Mode: 'GCASH',
  Status: 1,
  Amount: 300,
  createdAt: '2026-06-01T04:00:00.000Z',
  ImageLink: null,
  AccountName: 'Juan Dela Cruz',
  AccountNumber: '09171234567',
  ...overrides,
});

async function fill({ name = 'Juan Dela Cruz', number = '09171234567', amount = '300', bank = 'GCash' } = {}) {
  if (name) await userEvent.type(screen.getByLabelText('Account name'), name);
  if (number) await userEvent.type(screen.getByLabelText('Account number'), number);
  if (amount) await userEvent.type(screen.getByLabelText('Amount'), amount);
  if (bank) {
    await userEvent.click(screen.getByRole('combobox', { name: 'Bank / E-wallet' }));
    // The dropdown's open transition leaves it styled hidden in jsdom.
    await userEvent.click(await screen.findByRole('option', { name: bank, hidden: true }));
  }
}

describe('WithdrawPage', () => {
  beforeEach(() => {
    startSignedIn('demoplayer', 1000);
    // As in the site: the account query owns the balance and mirrors it into the store.
    syncAccountForTest();
  });

  it("validates with the spec's messages", async () => {
    const calls = fakeApi(({ url }) => ({ status: 200, data: url.startsWith('/transaction/bankcodes') ? BANKS : [] }));
    renderWithProviders(<WithdrawPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Account Name Required')).toBeInTheDocument();
    expect(screen.getByText('Account Number Required')).toBeInTheDocument();
    expect(screen.getByText('Amount Required')).toBeInTheDocument();
    expect(screen.getByText('Bank/Ewallet Required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Amount'), '49');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('50php minimum')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '1000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps the amount to digits and two decimals', async () => {
    fakeApi(({ url }) => ({ status: 200, data: url.startsWith('/transaction/bankcodes') ? BANKS : [] }));
    renderWithProviders(<WithdrawPage />);
    await userEvent.type(screen.getByLabelText('Amount'), '1a2,3.456');
    expect(screen.getByLabelText('Amount')).toHaveValue('123.45');
  });

  it('sends the request, drops the header balance at once and lists the withdrawal', async () => {
    let list: WithdrawalRecord[] = [];
    const calls = fakeApi(({ method, url }) => {
      if (url.startsWith('/transaction/bankcodes')) return { status: 200, data: BANKS };
      if (method === 'POST') {
        list = [record()];
        return { status: 201, data: list[0] };
      }
      if (url === '/account/') return { status: 200, data: { ...sessionStore.getState().account, balance: 700 } };
      return { status: 200, data: list };
    });
    renderWithProviders(<WithdrawPage />);
    expect(await screen.findByText('NO WITHDRAWAL')).toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));

    await waitFor(() => expect(sessionStore.getState().account?.balance).toBe(700));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/transaction/cashout/instapay',
      body: { Amount: 300, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 1000, TransactionType: 0 },
    });
    const row = await screen.findByTestId('withdrawal-row');
    expect(within(row).getByText('PENDING')).toBeInTheDocument();
    expect(within(row).getByText('₱300.00')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent('₱700.00');
    // Ready for the next request: the account stays, the amount is cleared.
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByLabelText('Account name')).toHaveValue('Juan Dela Cruz');
  });

  it("shows the server's reason and keeps what was typed when the request fails", async () => {
    fakeApi(({ method, url }) => {
      if (url.startsWith('/transaction/bankcodes')) return { status: 200, data: BANKS };
      if (method === 'POST') return { status: 400, data: { message: 'Insufficient balance: you can withdraw up to ₱250.00' } };
      return { status: 200, data: [] };
    });
    renderWithProviders(<WithdrawPage />, { toasts: true });
    await fill({ amount: '300' });
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Withdrawal request failed');
    // Once: no toast repeats it. Toasts load on first use, so a later toast is the barrier: once
    // it shows, any toast the failure asked for would show too.
    void notify({ message: 'a later toast' });
    expect(await screen.findByText('a later toast')).toBeInTheDocument();
    expect(screen.getAllByText('Withdrawal request failed')).toHaveLength(1);
    expect(alert).toHaveTextContent('Insufficient balance: you can withdraw up to ₱250.00');
    expect(screen.getByLabelText('Amount')).toHaveValue('300');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('lists withdrawals with their status and polls the list every 8 s', async () => {
    fakeApi(({ url }) => ({
      status: 200,
      data: url.startsWith('/transaction/bankcodes') ? BANKS : [record({ Status: 2, Mode: 'BDO', Amount: 1000 }), record({ _id: '6650e0000000000000000002', Status: 3 })],
    }));
    renderWithProviders(<WithdrawPage />);
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows.map((row) => within(row).getByText(/PENDING|REJECTED|APPROVED/).textContent)).toEqual(['REJECTED', 'APPROVED']);
    const query = queryClient.getQueryCache().find({ queryKey: membersEndpoints.withdrawHistory.queryKey() });
    expect(query?.observers[0]?.options.refetchInterval).toBe(8000);
  });
});
