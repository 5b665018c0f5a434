import { fakeApi, renderWithProviders, resetSession, signInForTest, withSessionTokens } from '@suwerte/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sockets } from '../../testing/fake-socket';
import { resetKareraConnectionForTests } from './karera-connection';
import { UnoDosPage } from './UnoDosPage';

beforeEach(() => {
  resetKareraConnectionForTests();
  sockets.length = 0;
  resetSession();
  signInForTest('juan2024', 5000);
  // The socket's ticket is handed out (docs/decisions/142); every other call fails.
  fakeApi(withSessionTokens(() => ({ status: 500, data: { message: 'unavailable' } })));
});

async function live(totals: [number, number], stakes: [number, number]) {
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  if (!socket) throw new Error('no socket');
  act(() => {
    socket.goLive();
    socket.fire('roundstate', { roundId: '0123456789abcdef01234567', phase: 'betting', msLeft: 9000, totals, stakes, winner: null, previous: [], Balance: 5000 });
  });
  return socket;
}

describe('Uno/Dos card table', () => {
  it("shows the player's stake on each side and what it pays if that side wins (the payout formula of docs/decisions/200)", async () => {
    renderWithProviders(<UnoDosPage />);
    expect(screen.getByRole('heading', { name: 'Uno/Dos', level: 1 })).toBeInTheDocument();
    await live([125, 50], [100, 0]);
    expect(screen.getByTestId('karera-stake-UNO')).toHaveTextContent('₱100.00');
    // 100 + 100 × 50/125 − 10
    expect(screen.getByTestId('payout-UNO')).toHaveTextContent('₱130.00');
    expect(screen.getByTestId('payout-DOS')).toHaveTextContent('—');
  });

  it('previews what the chosen stake would pay on each side', async () => {
    renderWithProviders(<UnoDosPage />);
    const socket = await live([100, 100], [0, 0]);
    await userEvent.click(screen.getByRole('button', { name: 'Chip ₱50.00' }));
    // UNO: 50 + 50 × 100/150 − 5 = 78.333… → ₱78.33
    expect(screen.getByTestId('payout-extra-UNO')).toHaveTextContent('With ₱50.00 more: ₱78.33');
    expect(screen.getByTestId('payout-extra-DOS')).toHaveTextContent('With ₱50.00 more: ₱78.33');
    act(() => socket.fire('totalbet', [100, 0]));
    expect(screen.getByText('No bets on DOS yet: a win returns the stake.')).toBeInTheDocument();
    expect(screen.getByTestId('payout-extra-UNO')).toHaveTextContent('With ₱50.00 more: ₱50.00');
    // DOS: 50 + 50 × 100/50 − 5
    expect(screen.getByTestId('payout-extra-DOS')).toHaveTextContent('With ₱50.00 more: ₱145.00');
  });
});
