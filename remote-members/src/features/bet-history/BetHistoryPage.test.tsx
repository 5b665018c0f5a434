import { fakeApi, makeBet, renderWithProviders, startSignedIn } from '@suwerte/shared/testing';
import { queryClient } from '@suwerte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BetHistoryPage } from './BetHistoryPage';

describe('BetHistoryPage', () => {
  beforeEach(() => {
    startSignedIn();
  });

  it("shows the caption, the spec's columns and each bet decoded", async () => {
    fakeApi(() => ({
      status: 200,
      data: [
        makeBet({ type: 131, picks: [12, 25, 1], result: [25, 12], status: 2, amounts: [10] }),
        makeBet({ type: 61, picks: [7, 3, 1], result: [2, 5, 1], status: 3, teams: true, amounts: [50] }),
        makeBet({ type: 45, picks: [1, 5, 9, 12, 18, 22, 27, 30, 33, 38, 41, 44, 1], status: 1, amounts: [20, 5] }),
        makeBet({ type: 9000, picks: [2], status: 0, amounts: [100] }),
      ],
    }));
    renderWithProviders(<BetHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Recent Bets (Last 7 Days)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Match', 'Bet', 'Amount', 'Status', 'Type', 'Details']);
    const rows = within(table).getAllByTestId('bet-row');
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).slice(1, 5).map((td) => td.textContent))).toEqual([
      ['12-25 R', '₱10.00', 'Win', 'EZ 2'],
      ['7-3 Q1', '₱50.00', 'Lose', 'Ending (Regular)'],
      ['01-05-09-12-18-22-27-30-33-38-41-44 · JP', '₱25.00', 'Ongoing', 'Pick 12 · 6/45'],
      ['DOS', '₱100.00', 'Return', 'Video Karera'],
    ]);
    expect(within(rows[1] ?? table).getByText('BGSM vs SMB')).toBeInTheDocument();
  });

  it("a failed load shows the spec's empty text and a line to retry, so it never reads as no bets", async () => {
    let fail = true;
    const calls = fakeApi(() => (fail ? { status: 500, data: { message: 'Server error' } } : { status: 200, data: [makeBet({ type: 9000, picks: [1], status: 2 })] }));
    renderWithProviders(<BetHistoryPage />);
    expect(await screen.findByText('NO BET', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('list-load-failed', {}, { timeout: 10_000 })).toHaveTextContent("Couldn't load this list — Retry");
    fail = false;
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Win')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(before);
    expect(screen.queryByTestId('list-load-failed')).not.toBeInTheDocument();
  });

  it('colours Win green and Lose red', async () => {
    fakeApi(() => ({ status: 200, data: [makeBet({ type: 9000, picks: [1], status: 2 }), makeBet({ type: 9000, picks: [1], status: 3 })] }));
    renderWithProviders(<BetHistoryPage />);
    const win = await screen.findByText('Win');
    const lose = screen.getByText('Lose');
    expect(win.getAttribute('style')).toContain('--mantine-color-green');
    expect(lose.getAttribute('style')).toContain('--mantine-color-red');
  });

  it('expands a row to show Id, Result and Bet Date, and collapses it again', async () => {
    const bet = makeBet({ type: 72, picks: [0, 2], result: [1, 2], teams: true, createdAt: '2026-06-01T04:05:00.000Z' });
    fakeApi(() => ({ status: 200, data: [bet] }));
    renderWithProviders(<BetHistoryPage />);
    const toggle = await screen.findByRole('button', { name: /Show details of the Odd\/Even bet on BGSM vs SMB/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const details = screen.getByTestId('bet-details');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', details.id);
    const terms = Array.from(details.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Id', bet._id],
      ['Result', 'Even Q2'],
      ['Bet Date', expect.stringMatching(/^06\/01\/2026, \d{1,2}:05 (AM|PM)$/)],
    ]);
    await userEvent.click(toggle);
    expect(screen.queryByTestId('bet-details')).not.toBeInTheDocument();
  });

  it("says 'NO BET' when there are none, or the list fails to load", async () => {
    fakeApi(() => ({ status: 200, data: [] }));
    const { unmount } = renderWithProviders(<BetHistoryPage />);
    expect(await screen.findByText('NO BET')).toBeInTheDocument();
    expect(screen.getByText('Recent Bets (Last 7 Days)')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    fakeApi(() => ({ status: 500, data: { message: 'Internal server error' } }));
    renderWithProviders(<BetHistoryPage />);
    expect(await screen.findByText('NO BET', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
