import { fakeApi, makeBet, makeTransaction, renderWithProviders, startSignedIn } from '@suwerte/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TransactionHistoryPage } from './TransactionHistoryPage';

describe('TransactionHistoryPage', () => {
  beforeEach(() => {
    startSignedIn();
  });

  it("shows the caption and the spec's columns, with negative amounts coloured", async () => {
    const bet = makeBet({ type: 61, picks: [7, 3, 1], result: [2, 5, 1], teams: true, amounts: [50] });
    fakeApi(() => ({
      status: 200,
      data: [
        makeTransaction({ Mode: 'Bet', Amount: -50, Balance: 4950, BetId: bet }),
        makeTransaction({ Mode: 'Deposit', Amount: 5000, Balance: 5000 }),
      ],
    }));
    renderWithProviders(<TransactionHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Recent Transactions (Last 7 Days)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Type', 'Amount', 'Balance', 'Details']);
    const [debit, credit] = within(table).getAllByTestId('transaction-row');
    expect(within(debit ?? table).getByText('-₱50.00')).toHaveAttribute('data-negative', 'true');
    // A mode-aware red (docs/decisions/084): red-4 on dark, a darkened red-9 on light.
    expect(within(debit ?? table).getByText('-₱50.00').getAttribute('style')).toContain('--mantine-color-red-text');
    expect(within(debit ?? table).getByText('₱4,950.00')).toBeInTheDocument();
    expect(within(credit ?? table).getByText('₱5,000.00', { selector: '[data-negative], span' })).not.toHaveAttribute('data-negative');
    // Only a bet's movement has details to show.
    expect(within(credit ?? table).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('dates every transaction in Philippine time, whatever the browser’s time zone', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      // 4:30 PM UTC on May 31 is already 12:30 AM on June 1 in Manila (and 9:30 AM May 31 in Los Angeles).
      fakeApi(() => ({ status: 200, data: [makeTransaction({ Mode: 'Deposit', Amount: 5000, Balance: 5000, createdAt: '2026-05-31T16:30:00.000Z' })] }));
      renderWithProviders(<TransactionHistoryPage />);
      const [row] = await screen.findAllByTestId('transaction-row');
      expect(within(row ?? document.body).getByText('06/01/2026, 12:30 AM')).toBeInTheDocument();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("'Show more' opens TRANSACTION DETAILS with Game, Result, Bet, Amount and Type", async () => {
    const bet = makeBet({ type: 131, picks: [12, 25, 1], result: [25, 12], amounts: [10], status: 2 });
    fakeApi(() => ({ status: 200, data: [makeTransaction({ Mode: 'Win', Amount: 2450, Balance: 7450, BetId: bet })] }));
    renderWithProviders(<TransactionHistoryPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Show more/ }));
    const dialog = await screen.findByRole('dialog', { name: 'TRANSACTION DETAILS' });
    const rows = Array.from(within(dialog).getByTestId('transaction-details').querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['Game', expect.stringMatching(/^EZ 2 · 06\/01\/2026, /)],
      ['Result', '25-12'],
      ['Bet', '12-25 R'],
      ['Amount', '₱10.00'],
      ['Type', 'EZ 2'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'TRANSACTION DETAILS' })).not.toBeInTheDocument());
  });

  it('shows an empty state when there are none, or the list fails to load', async () => {
    fakeApi(() => ({ status: 500, data: { message: 'Internal server error' } }));
    renderWithProviders(<TransactionHistoryPage />);
    expect(await screen.findByText('NO TRANSACTION', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Recent Transactions (Last 7 Days)')).toBeInTheDocument();
  });
});
