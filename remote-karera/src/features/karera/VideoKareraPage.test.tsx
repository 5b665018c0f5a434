import { sessionStore } from '@suwerte/shared';
import { fakeApi, renderWithProviders, resetSession, signInForTest, syncAccountForTest, withSessionTokens, type FakeApiCall } from '@suwerte/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sockets, type FakeSocket } from '../../testing/fake-socket';
import { RELEASE_GRACE_MS, resetKareraConnectionForTests } from './karera-connection';
import { kareraStore } from './karera-store';
import { UnoDosPage } from './UnoDosPage';
import { VideoKareraPage } from './VideoKareraPage';

const ROUND = '0123456789abcdef01234567';

function socket(): FakeSocket {
  const current = sockets.at(-1);
  if (!current) throw new Error('no socket was opened');
  return current;
}

/** The page connected, and the server's resync for a round in its betting phase. */
async function liveRound(state: Partial<{ totals: [number, number]; stakes: [number, number]; previous: (1 | 2)[] }> = {}) {
  await waitFor(() => expect(sockets).toHaveLength(1));
  act(() => {
    socket().goLive();
    socket().fire('roundstate', {
      roundId: ROUND,
      phase: 'betting',
      msLeft: 20_000,
      totals: state.totals ?? [0, 0],
      stakes: state.stakes ?? [0, 0],
      winner: null,
      previous: state.previous ?? [],
      Balance: 5000,
    });
  });
}

let apiCalls: FakeApiCall[] = [];

beforeEach(() => {
  resetKareraConnectionForTests();
  sockets.length = 0;
  resetSession();
  signInForTest('juan2024', 5000);
  // As in the site: the account query owns the balance and mirrors it into the store.
  syncAccountForTest();
  // The socket's access token is a ticket the API hands out for each connection (docs/decisions/142).
  apiCalls = fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
});

afterEach(() => {
  vi.useRealTimers();
});

// The page's dialogs load with their first opening (docs/decisions/225): their modules are imported
// once here, so a test's wait for its dialog is not also a wait for the runner's first transform.
beforeAll(() => Promise.all([import('./ConfirmBetDialog')]));

describe('Video Karera page', () => {
  it('opens one socket with the user name and a ticket as the access token in the query, reconnecting 1–5 s, time-out 20 s', async () => {
    renderWithProviders(<VideoKareraPage />);
    expect(screen.getByRole('heading', { name: 'Video Karera', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('karera-connection')).toHaveTextContent('Connecting…');
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(socket().url).toBe('http://api.test');
    expect(socket().options).toMatchObject({
      path: '/socket.io',
      query: { username: 'juan2024', accesstoken: 'ticket-1' },
      // The page reconnects by itself, with a new ticket each time (a ticket opens one connection).
      reconnection: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
    await liveRound();
    expect(screen.getByTestId('karera-connection')).toHaveTextContent('Live');
  });

  it('shows the Uno and Dos cards with their totals, and the previous results (last 10, Last 100 counts)', async () => {
    renderWithProviders(<VideoKareraPage />);
    const previous = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 2 : 1) as 1 | 2);
    await liveRound({ totals: [1250.5, 300], previous });
    expect(screen.getByTestId('karera-total-UNO')).toHaveTextContent('₱1,250.50');
    expect(screen.getByTestId('karera-total-DOS')).toHaveTextContent('₱300.00');
    expect(screen.getAllByRole('button', { name: /Place Bet/ })).toHaveLength(2);
    const icons = within(screen.getByRole('list', { name: 'Last 10 results, most recent first' })).getAllByRole('listitem');
    expect(icons).toHaveLength(10);
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).toEqual(['DOS', 'UNO', 'UNO', 'DOS', 'UNO', 'UNO', 'DOS', 'UNO', 'UNO', 'DOS']);
    expect(screen.getByTestId('karera-last100')).toHaveTextContent('Last 100UNO 20DOS 10');

    act(() => socket().fire('totalbet', [1300, 450.25]));
    expect(screen.getByTestId('karera-total-UNO')).toHaveTextContent('₱1,300.00');
    expect(screen.getByTestId('karera-total-DOS')).toHaveTextContent('₱450.25');
  });

  it("places a bet: chip, 'Place your bet' with the pick and stake, Confirm, 'Bet Success' and the balance it carries", async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    await userEvent.click(screen.getByRole('button', { name: 'Chip ₱100.00' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('₱100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on UNO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place your bet' });
    expect(within(dialog).getByTestId('confirm-pick')).toHaveTextContent('UNO');
    expect(within(dialog).getByTestId('confirm-stake')).toHaveTextContent('₱100.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(socket().sent).toEqual([{ event: 'bet', payload: { bet: 1, Amount: 100, requestId: expect.any(String) } }]);
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveAttribute('data-loading', 'true');
    const { requestId } = socket().sent[0]?.payload as { requestId: string };
    act(() => socket().fire('betsuccessful', { roundId: ROUND, betId: 'bet1', bet: 1, Amount: 100, Balance: 4900, requestId }));

    expect(await screen.findByTestId('karera-alert')).toHaveTextContent('Bet Success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place your bet' })).not.toBeInTheDocument());
    expect(screen.getByTestId('karera-stake-UNO')).toHaveTextContent('₱100.00');
    await waitFor(() => expect(sessionStore.getState().account?.balance).toBe(4900));
    // `betsuccessful.Balance` is written straight into the account: no /account/ round trip.
    expect(apiCalls.filter((call) => call.url !== '/karera/ticket')).toEqual([]);
  });

  it("Cancel closes the dialog without betting; 'Not enough balance' shows when the server refuses", async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    await userEvent.type(screen.getByLabelText('Amount'), '250.5');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on DOS' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Place your bet' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(socket().sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on DOS' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Place your bet' })).getByRole('button', { name: 'Confirm' }));
    expect(socket().sent[0]?.payload).toMatchObject({ bet: 2, Amount: 250.5 });
    const { requestId } = socket().sent[0]?.payload as { requestId: string };
    act(() => socket().fire('betfailed', { message: 'Not enough balance', requestId }));
    expect(await screen.findByTestId('karera-alert')).toHaveTextContent('Not enough balance');
    expect(screen.getByTestId('karera-stake-DOS')).toHaveTextContent('₱0.00');
  });

  it("refuses a stake of 0, an empty one or one above the balance with 'Invalid Amount'", async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on UNO' }));
    expect(await screen.findByTestId('karera-alert')).toHaveTextContent('Invalid Amount');
    await userEvent.type(screen.getByLabelText('Amount'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on UNO' }));
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '5000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on DOS' }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('Invalid Amount');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(socket().sent).toEqual([]);
  });

  it('DeclareWinner re-enables betting: a bet confirmed while the winner shows goes into the next round', async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    act(() => socket().fire('bettingclose', { roundId: ROUND, msLeft: 1500 }));
    expect(screen.getByRole('button', { name: 'Place Bet on DOS' })).toBeDisabled();
    act(() => socket().fire('DeclareWinner', { roundId: ROUND, winner: 'UNO', msLeft: 2500 }));
    expect(screen.getByRole('button', { name: 'Place Bet on DOS' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Chip ₱50.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on DOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place your bet' });
    expect(within(dialog).getByTestId('confirm-next-round')).toHaveTextContent('This bet goes into the next round');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Nothing is sent into the settled round: the bet waits for the next one to open.
    expect(socket().sent).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveAttribute('data-loading', 'true');

    const next = 'fedcba987654321001234567';
    act(() => socket().fire('startbetting', { roundId: next, msLeft: 6000 }));
    await waitFor(() => expect(socket().sent).toEqual([{ event: 'bet', payload: { bet: 2, Amount: 50, requestId: expect.any(String) } }]));
    const { requestId } = socket().sent[0]?.payload as { requestId: string };
    act(() => socket().fire('betsuccessful', { roundId: next, betId: 'bet2', bet: 2, Amount: 50, Balance: 4950, requestId }));
    expect(await screen.findByTestId('karera-alert')).toHaveTextContent('Bet Success');
    expect(screen.getByTestId('karera-stake-DOS')).toHaveTextContent('₱50.00');
  });

  it('tells the player when they won, with what it paid, or when their stake came back', async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound({ totals: [100, 100], stakes: [100, 0] });
    act(() => socket().fire('bettingclose', { roundId: ROUND, msLeft: 1500 }));
    act(() => socket().fire('DeclareWinner', { roundId: ROUND, winner: 'UNO', msLeft: 2500 }));
    // The payout formula (docs/decisions/200): 100 + 100 × 100/100 − 10 = 190.
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('You won! ₱190.00 is in your balance');

    act(() => socket().fire('startbetting', { roundId: 'fedcba987654321001234567', msLeft: 6000 }));
    act(() => socket().fire('roundstate', { roundId: 'fedcba987654321001234567', phase: 'betting', msLeft: 5000, totals: [0, 40], stakes: [0, 40], winner: null, previous: [1], Balance: 4960 }));
    act(() => socket().fire('DeclareWinner', { roundId: 'fedcba987654321001234567', winner: 'DOS', msLeft: 2500 }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('No bets on the other side: your ₱40.00 stake is back');
  });

  it('a bet waiting for the next round is dropped if the game stops first', async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    act(() => socket().fire('DeclareWinner', { roundId: ROUND, winner: 'UNO', msLeft: 2500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Chip ₱50.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet on UNO' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Place your bet' })).getByRole('button', { name: 'Confirm' }));
    act(() => socket().fire('stopbetting', { roundId: null }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place your bet' })).not.toBeInTheDocument());
    expect(socket().sent).toEqual([]);
  });

  it('dims the cards and ignores bets while closed; flips the winner to WINNER, with no /account/ call all round', async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    expect(screen.getByTestId('karera-card-UNO')).toHaveAttribute('data-dimmed', 'false');
    act(() => socket().fire('bettingclose', { roundId: ROUND, msLeft: 1500 }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('Betting Closed');
    expect(screen.getByTestId('karera-card-UNO')).toHaveAttribute('data-dimmed', 'true');
    expect(screen.getByTestId('karera-card-DOS')).toHaveAttribute('data-dimmed', 'true');
    expect(screen.getByRole('button', { name: 'Place Bet on UNO' })).toBeDisabled();

    act(() => socket().fire('DeclareWinner', { roundId: ROUND, winner: 'DOS', msLeft: 2500 }));
    act(() => socket().fire('previouswinner', [2, 1]));
    expect(screen.getByTestId('karera-card-DOS')).toHaveAttribute('data-winner', 'true');
    expect(screen.getByTestId('karera-card-UNO')).toHaveAttribute('data-winner', 'false');
    expect(screen.getByTestId('karera-card-DOS')).toHaveAttribute('data-dimmed', 'false');
    expect(within(screen.getByTestId('karera-card-DOS')).getByText('WINNER')).toBeInTheDocument();
    expect(screen.getByTestId('karera-phase')).toHaveTextContent('DOS wins!');
    expect(within(screen.getByTestId('karera-previous')).getAllByRole('listitem')).toHaveLength(2);

    act(() => socket().fire('startbetting', { roundId: 'fedcba987654321001234567', msLeft: 6000 }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('Start Betting');
    expect(screen.getByTestId('karera-card-DOS')).toHaveAttribute('data-winner', 'false');
    expect(screen.getByRole('button', { name: 'Place Bet on UNO' })).toBeEnabled();

    act(() => socket().fire('stopbetting', { roundId: 'fedcba987654321001234567' }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('Betting Stopped');
    expect(screen.getByRole('button', { name: 'Place Bet on UNO' })).toBeDisabled();
    // Payouts and refunds reach the header through the account stream, not five /account/ calls a round.
    expect(apiCalls.filter((call) => call.url !== '/karera/ticket')).toEqual([]);
  });

  it('hides each alert after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    act(() => socket().fire('bettingclose', { roundId: ROUND, msLeft: 1500 }));
    expect(screen.getByTestId('karera-alert')).toHaveTextContent('Betting Closed');
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByTestId('karera-alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('karera-alert')).not.toBeInTheDocument();
  });

  it('shows Reconnecting… when the connection drops and resyncs totals, stakes and results when it is back', async () => {
    renderWithProviders(<VideoKareraPage />);
    await liveRound({ totals: [100, 0], stakes: [100, 0] });
    act(() => socket().drop());
    expect(screen.getByTestId('karera-connection')).toHaveTextContent('Reconnecting…');
    expect(screen.getByRole('button', { name: 'Place Bet on UNO' })).toBeDisabled();
    act(() => {
      socket().goLive();
      socket().fire('roundstate', { roundId: ROUND, phase: 'betting', msLeft: 3000, totals: [400, 220], stakes: [100, 20], winner: null, previous: [1, 1, 2], Balance: 5000 });
    });
    expect(screen.getByTestId('karera-connection')).toHaveTextContent('Live');
    expect(screen.getByTestId('karera-total-DOS')).toHaveTextContent('₱220.00');
    expect(screen.getByTestId('karera-stake-DOS')).toHaveTextContent('₱20.00');
    expect(within(screen.getByTestId('karera-previous')).getAllByRole('listitem')).toHaveLength(3);
    expect(sockets).toHaveLength(1);
  });

  it('connects again by itself when the server drops the connection on purpose', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    act(() => {
      socket().connected = false;
      socket().fire('disconnect', 'io server disconnect');
    });
    expect(screen.getByTestId('karera-connection')).toHaveTextContent('Reconnecting…');
    expect(socket().connectCalls).toBe(0);
    act(() => vi.advanceTimersByTime(1_000));
    // After the spec's 1 s, with a new ticket in the query (the first one opened one connection).
    await waitFor(() => expect(socket().connectCalls).toBe(1));
    expect(socket().io.opts.query).toEqual({ username: 'juan2024', accesstoken: 'ticket-2' });
  });

  it('connects again after a dropped transport too, the delay doubling up to 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<VideoKareraPage />);
    await liveRound();
    act(() => socket().drop());
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(socket().connectCalls).toBe(1));
    // Still not connected: the next try waits 2 s, with another ticket.
    act(() => socket().fire('connect_error', new Error('timeout')));
    act(() => vi.advanceTimersByTime(1_500));
    expect(socket().connectCalls).toBe(1);
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(socket().connectCalls).toBe(2));
    expect(socket().io.opts.query).toEqual({ username: 'juan2024', accesstoken: 'ticket-3' });
  });

  it('opens one socket across a renewal of the player’s token, even one that comes while its ticket is on the way', async () => {
    // The ticket's answer is held until the test has renewed the token (a renewal at load, docs/decisions/246).
    let answerTicket: () => void = () => undefined;
    const ticketHeld = new Promise<void>((resolve) => (answerTicket = resolve));
    let tickets = 0;
    apiCalls = fakeApi(async (call) => {
      if (!call.url.endsWith('/karera/ticket')) return { status: 404, data: { message: 'Not found' } };
      tickets += 1;
      await ticketHeld;
      return { status: 200, data: { accesstoken: `ticket-${tickets}` } };
    });
    renderWithProviders(<VideoKareraPage />);
    await waitFor(() => expect(tickets).toBe(1));
    act(() => sessionStore.setState({ user: { ...sessionStore.getState().user, token: 'renewed-token' } }));
    answerTicket();
    await liveRound();
    expect(socket().io.opts.query).toEqual({ username: 'juan2024', accesstoken: 'ticket-1' });
    expect(tickets).toBe(1);
    expect(sockets).toHaveLength(1);
  });

  it('signs the player out when the game server refuses the ticket and the session is over (no new ticket)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<VideoKareraPage />);
    await waitFor(() => expect(sockets).toHaveLength(1));
    // The session ended elsewhere (a logout in another tab, a password change): the API refuses it.
    fakeApi(() => ({ status: 401, data: { message: 'ERROR VERIFYING TOKEN' } }));
    act(() => {
      socket().active = false;
      socket().fire('connect_error', new Error('ERROR VERIFYING TOKEN'));
    });
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(sessionStore.getState().user.token).toBeNull());
    expect(socket().connectCalls).toBe(0);
  });

  it('keeps one connection across both game pages and closes it once the last one leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = renderWithProviders(<VideoKareraPage />);
    await liveRound({ totals: [10, 20] });
    const second = renderWithProviders(<UnoDosPage />);
    first.unmount();
    expect(sockets).toHaveLength(1);
    expect(within(second.container).getByTestId('karera-total-DOS')).toHaveTextContent('₱20.00');
    second.unmount();
    expect(socket().connected).toBe(true);
    act(() => vi.advanceTimersByTime(RELEASE_GRACE_MS + 10));
    expect(socket().connected).toBe(false);
    // The slice is not kept (nor persisted): the next visit starts from the server's state.
    expect(kareraStore.getState().totals).toEqual({ uno: 0, dos: 0 });
  });
});
