import { queryClient } from '@suwerte/shared';
import { addedWhile, fakeApi, renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { winner } from '../../testing/sports-data';
import WinnersCircle from './WinnersCircle';

// The dialog is a chunk of its own (docs/decisions/139): a test can make its next loads fail.
const dialogChunk = vi.hoisted(() => ({ failures: 0 }));
vi.mock('./AllWinnersDialog', async (importOriginal) => {
  if (dialogChunk.failures > 0) {
    dialogChunk.failures -= 1;
    throw new Error('Loading chunk 80 failed.');
  }
  return importOriginal();
});

describe('Winners Circle', () => {
  beforeEach(() => {
    resetSession();
    queryClient.clear();
  });

  // First: the dialog's chunk is fetched once per page (here, per file), so this test must be the one that fetches it.
  it("says so under the button when the dialog's code fails to load, and Retry opens the dialog", async () => {
    fakeApi(() => ({ status: 200, data: [winner('Dem*****', 1400)] }));
    renderWithProviders(<WinnersCircle />);
    await screen.findByRole('list', { name: 'Biggest Winners' });
    // Two: the fetch when the pointer reaches the button, and the click's own.
    dialogChunk.failures = 2;
    await userEvent.click(screen.getByRole('button', { name: 'View All Winners' }));
    expect(await screen.findByTestId('list-load-failed')).toHaveTextContent("Couldn't load this list — Retry");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'ALL BIGGEST WINNER' });
    expect(within(dialog).getAllByTestId('winner')).toHaveLength(1);
    expect(screen.queryByTestId('list-load-failed')).not.toBeInTheDocument();
  });

  it("shows today's winners and the top 5 biggest, names as the server masked them, without a token", async () => {
    const biggest = ['Dem*****', 'Jua*****', 'Mar*****', 'Ped*****', 'Ana*****', 'Ben*****', 'Car*****'].map((name, index) => winner(name, 100_000 - index * 10_000));
    const calls = fakeApi((call) => ({ status: 200, data: call.url === '/todayswinner' ? [winner('Lit*****', 1400, { GameId: { ...winner('x*****', 0).GameId, GameType: 72 } })] : biggest }));
    renderWithProviders(<WinnersCircle />);
    expect(screen.getByRole('heading', { name: 'Winners Circle' })).toBeInTheDocument();
    expect(screen.getAllByText('Fetching data')).toHaveLength(2);
    const todays = await screen.findByRole('list', { name: 'Todays Winners' });
    expect(within(todays).getAllByTestId('winner').map((row) => row.textContent)).toEqual(['Lit*****Odd/Even · MNL vs CEB₱1,400.00']);
    const top = await screen.findByRole('list', { name: 'Biggest Winners' });
    expect(within(top).getAllByTestId('winner-name').map((name) => name.textContent)).toEqual(['Dem*****', 'Jua*****', 'Mar*****', 'Ped*****', 'Ana*****']);
    expect(within(top).getAllByTestId('winner')[0]).toHaveTextContent('Ending · MNL vs CEB₱100,000.00');
    for (const call of calls) expect(call.headers.get('Authorization')).toBeFalsy();

    await userEvent.click(screen.getByRole('button', { name: 'View All Winners' }));
    const dialog = await screen.findByRole('dialog', { name: 'ALL BIGGEST WINNER' });
    expect(within(dialog).getAllByTestId('winner')).toHaveLength(7);
  });

  it('goes from loading straight to each list when it arrives, never through the empty states', async () => {
    fakeApi((call) => ({ status: 200, data: [winner(call.url === '/todayswinner' ? 'Lit*****' : 'Dem*****', 1400)] }));
    const added = await addedWhile(async () => {
      renderWithProviders(<WinnersCircle />);
      expect(screen.getAllByText('Fetching data')).toHaveLength(2);
      await screen.findByRole('list', { name: 'Todays Winners' });
      await screen.findByRole('list', { name: 'Biggest Winners' });
    });
    expect(added.join('|')).not.toMatch(/No Todays Winners|No Big Winners/);
  });

  it("says 'No Todays Winners' and 'No Big Winners' for empty lists and failed loads", async () => {
    fakeApi(() => ({ status: 200, data: [] }));
    const first = renderWithProviders(<WinnersCircle />);
    expect(await screen.findByText('No Todays Winners')).toBeInTheDocument();
    expect(screen.getByText('No Big Winners')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View All Winners' }));
    const dialog = await screen.findByRole('dialog', { name: 'ALL BIGGEST WINNER' });
    expect(within(dialog).getByText('No Big Winners')).toBeInTheDocument();
    first.unmount();
    queryClient.clear();
    fakeApi(() => ({ status: 500, data: { message: 'down' } }));
    renderWithProviders(<WinnersCircle />);
    await waitFor(() => expect(screen.getByText('No Todays Winners')).toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByText('No Big Winners')).toBeInTheDocument();
  });

  it('opens ALL BIGGEST WINNER from a chunk loaded on the first View All Winners, and gives the focus back to the button when it closes', async () => {
    fakeApi(() => ({ status: 200, data: [winner('Dem*****', 1400)] }));
    renderWithProviders(<WinnersCircle />);
    await screen.findByRole('list', { name: 'Biggest Winners' });
    const viewAll = screen.getByRole('button', { name: 'View All Winners' });
    await userEvent.click(viewAll);
    const dialog = await screen.findByRole('dialog', { name: 'ALL BIGGEST WINNER' });
    expect(within(dialog).getAllByTestId('winner')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ALL BIGGEST WINNER' })).not.toBeInTheDocument());
    await waitFor(() => expect(viewAll).toHaveFocus());
  });
});

