import { GAME_STATUS } from '@suwerte/contracts/sports';
import { queryClient, sessionStore } from '@suwerte/shared';
import { fakeApi } from '@suwerte/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { betSet, scheduledGame } from '../../testing/sports-data';
import { confirm, open, pickCombination, placed, rows, server, signedInNoticeDismissed, toast, typeAmount } from '../../testing/jackpot-page';

// The jackpot pages' other half (Grand, the page's states, Active Bets): see JackpotBettingPage.test.tsx.
// The long Grand test is not the first: the first test of a file pays for its warm-up (a cold first
// render), which put it over the timeout on a loaded runner.
describe('the jackpot pages', () => {
  beforeEach(() => {
    signedInNoticeDismissed();
  });

  it("Grand: 'Betting is closed for this match' once Q1 has started", async () => {
    const game = scheduledGame({ Status: GAME_STATUS.Q1, Schedule: new Date(Date.now() - 600_000).toISOString(), EndingBettingStatus: 2 });
    server({ game, sets: [] });
    open(`/Basketball/Grandjackpot/${game._id}`);
    await screen.findAllByTestId('jackpot-row');
    await confirm();
    expect(await toast('Betting is closed for this match')).toBeInTheDocument();
  });

  it("shows 'NO DATA FOUND' for a game the server does not know", async () => {
    server({ game: null, sets: [] });
    open('/Basketball/Major/0123456789abcdef01234567');
    expect(await screen.findByText('NO DATA FOUND', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Major Jackpot Betting' })).toBeInTheDocument();
  });

  it('polls the game every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const game = scheduledGame();
      const calls = server({ game, sets: [] });
      open(`/Basketball/Minor/${game._id}`);
      await screen.findAllByTestId('jackpot-row');
      const polls = () => calls.filter((call) => call.url === `/schedule/${game._id}`).length;
      expect(polls()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await waitFor(() => expect(polls()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the attendance notice until 'Don't show this again' is confirmed", async () => {
    sessionStore.setState({ jackpotNotice: true });
    const game = scheduledGame();
    server({ game, sets: [] });
    const first = open(`/Basketball/Grandjackpot/${game._id}`);
    const notice = await screen.findByRole('dialog', { name: 'Grand Jackpot Attendance' });
    expect(notice).toHaveTextContent('A ₱5.00 Grand Jackpot attendance is charged per jackpot entry');
    await userEvent.click(within(notice).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grand Jackpot Attendance' })).toBeNull());
    // Confirm alone: shown again on the next visit.
    expect(sessionStore.getState().jackpotNotice).toBe(true);
    first.unmount();
    const second = open(`/Basketball/Major/${game._id}`);
    const again = await screen.findByRole('dialog', { name: 'Grand Jackpot Attendance' });
    await userEvent.click(within(again).getByRole('checkbox', { name: "Don't show this again" }));
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(sessionStore.getState().jackpotNotice).toBe(false);
    second.unmount();
    open(`/Basketball/Minor/${game._id}`);
    await screen.findAllByTestId('jackpot-row');
    expect(screen.queryByRole('dialog', { name: 'Grand Jackpot Attendance' })).toBeNull();
  });

  it('Grand: the fixed rows Q1–Q3 and the ₱5 Grand Jackpot line, its four checks, the POST max and the CARD grid', async () => {
    const game = scheduledGame();
    let body: unknown = null;
    const calls = server({
      game,
      sets: [],
      available: (a, b, q) => 200 + a * 10 + b + q,
      place: (call) => {
        body = call.body;
        return placed();
      },
    });
    open(`/Basketball/Grandjackpot/${game._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grand Jackpot Betting' })).toBeInTheDocument();
    await screen.findAllByTestId('jackpot-row');
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Row 1, Q1', 'Row 2, Q2', 'Row 3, Q3', 'Grand Jackpot line, Q4']);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(within(rows()[3] as HTMLElement).getByTestId('attendance-amount')).toHaveTextContent('₱5.00 attendance');

    await confirm();
    expect(await toast('Incomplete form - All fields are required')).toBeInTheDocument();
    const [q1, q2, q3, line] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    await pickCombination(q1, 1, 1);
    await pickCombination(q2, 2, 2);
    await pickCombination(q3, 3, 3);
    await pickCombination(line, 4, 4);
    await confirm();
    expect(await toast('Minimum bet amount required')).toBeInTheDocument();
    await waitFor(() => expect(within(q1).getByTestId('row-max')).toHaveTextContent('₱212.00'));
    const maxCall = calls.find((call) => call.url.startsWith('/monitoring/available/jackpot/'));
    expect(maxCall).toMatchObject({ method: 'POST', url: `/monitoring/available/jackpot/${game.Ending._id}`, body: { bets: [[{ slot1: 1, slot2: 1, quarter: 1 }]] } });
    await typeAmount(q1, '213');
    await typeAmount(q2, '10');
    await typeAmount(q3, '10');
    await confirm();
    expect(await toast('Maximum bet amount exceeded')).toBeInTheDocument();
    await typeAmount(q1, '212');
    await confirm();
    expect(await toast('Bet Placed Successfully')).toBeInTheDocument();
    expect(body).toEqual({
      bets: [
        { Amount: 212, jackpot: 3, slot1: 1, slot2: 1, quarter: 1, max: 212 },
        { Amount: 10, jackpot: 3, slot1: 2, slot2: 2, quarter: 2, max: 224 },
        { Amount: 10, jackpot: 3, slot1: 3, slot2: 3, quarter: 3, max: 236 },
        { Amount: 5, jackpot: 3, slot1: 4, slot2: 4, quarter: 4 },
      ],
      GameId: game.Ending._id,
    });

    await userEvent.click(screen.getByRole('button', { name: 'CARD' }));
    const card = await screen.findByRole('dialog', { name: 'Max Bet Card' });
    const grid = await within(card).findByRole('table', { name: 'Max bet per combination, Q1' });
    // Row "4", column "7": 200 + 47 + 1.
    const row4 = within(grid).getAllByRole('row')[5] as HTMLElement;
    expect(within(row4).getAllByRole('cell')[7]).toHaveTextContent('248');
    await userEvent.click(within(card).getByLabelText('Q3'));
    const third = within(card).getByRole('table', { name: 'Max bet per combination, Q3' });
    expect(within(within(third).getAllByRole('row')[5] as HTMLElement).getAllByRole('cell')[7]).toHaveTextContent('250');
    expect(calls.some((call) => call.url === `/monitoringnew/available/${game.Ending._id}`)).toBe(true);
  });

  describe('Active Bets', () => {
    it("'fetching bets...', then 'No Active Bets' for none and for a failed load", async () => {
      const game = scheduledGame();
      server({ game, sets: [] });
      const first = open(`/Basketball/Major/${game._id}`);
      await userEvent.click(await screen.findByRole('tab', { name: 'Active Bets (0)' }));
      expect(await screen.findByText('No Active Bets')).toBeInTheDocument();
      first.unmount();
      queryClient.clear();
      fakeApi((call) => (call.url.startsWith('/schedule/') ? { status: 200, data: game } : { status: 500, data: { message: 'down' } }));
      open(`/Basketball/Major/${game._id}`);
      await userEvent.click(await screen.findByRole('tab', { name: 'Active Bets (0)' }));
      expect(screen.getByText('fetching bets...')).toBeInTheDocument();
      expect(await screen.findByText('No Active Bets', {}, { timeout: 4000 })).toBeInTheDocument();
      // Said as a failure too, so it never reads as "you have no bets".
      expect(await screen.findByTestId('list-load-failed', {}, { timeout: 4000 })).toHaveTextContent("Couldn't load this list — Retry");
    });

    it('lists each set with its date; EDIT → over the max refused without a call → SAVE → CANCEL restores', async () => {
      const game = scheduledGame();
      const set = betSet(
        [
          [1, 2, 1],
          [3, 4, 2],
          [5, 6, 3],
        ],
        [20, 30, 40],
        '2026-06-13T13:05:00.000Z',
      );
      let body: unknown = null;
      const calls = server({
        game,
        sets: [set],
        // 50 still available on each slot: this set may go up to 50 + its own stake.
        available: () => 50,
        update: (call) => {
          body = call.body;
          return { status: 200, data: { message: 'Bet Updated Successfully', bet: set, Balance: 3990 } };
        },
      });
      open(`/Basketball/Major/${game._id}`);
      await userEvent.click(await screen.findByRole('tab', { name: 'Active Bets (1)' }));
      const card = await screen.findByTestId('bet-set');
      expect(within(card).getByTestId('bet-set-date')).toHaveTextContent('6/13/2026 9:05 pm');
      expect(within(card).getAllByTestId('bet-line').map((line) => line.textContent)).toEqual(['Q11 - 2₱20.00₱1,400.00', 'Q23 - 4₱30.00₱2,100.00', 'Q35 - 6₱40.00₱2,800.00']);

      await userEvent.click(within(card).getByRole('button', { name: 'EDIT' }));
      const q1 = within(card).getByRole('textbox', { name: 'New amount for Q1' });
      await waitFor(() => expect(within(card).getByText('Max ₱70.00')).toBeInTheDocument());
      await userEvent.clear(q1);
      await userEvent.type(q1, '71');
      await userEvent.click(within(card).getByRole('button', { name: 'SAVE' }));
      expect(await toast('Maximum bet amount exceeded')).toBeInTheDocument();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);

      await userEvent.clear(q1);
      await userEvent.type(q1, '70');
      await userEvent.click(within(card).getByRole('button', { name: 'SAVE' }));
      expect(await toast('Bet Updated Successfully')).toBeInTheDocument();
      expect(body).toEqual({
        bets: [
          [
            { Amount: 70, jackpot: 2, slot1: 1, slot2: 2, quarter: 1 },
            { Amount: 30, jackpot: 2, slot1: 3, slot2: 4, quarter: 2 },
            { Amount: 40, jackpot: 2, slot1: 5, slot2: 6, quarter: 3 },
          ],
        ],
      });
      expect(calls.find((call) => call.method === 'PUT')?.url).toBe(`/bet/ending/update/jackpot/${set._id}`);
      // The changed stake moved money: the balance the answer carries, without an `/account/` refetch.
      await waitFor(() => expect(sessionStore.getState().account?.balance).toBe(3990));
      expect(calls.some((call) => call.url === '/account/')).toBe(false);
      // Edit mode ends and the list is fetched again.
      await waitFor(() => expect(within(card).getByRole('button', { name: 'EDIT' })).toBeInTheDocument());
      await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/bets/game/2/')).length).toBeGreaterThan(1));

      await userEvent.click(within(card).getByRole('button', { name: 'EDIT' }));
      await userEvent.clear(within(card).getByRole('textbox', { name: 'New amount for Q2' }));
      await userEvent.type(within(card).getByRole('textbox', { name: 'New amount for Q2' }), '11');
      await userEvent.click(within(card).getByRole('button', { name: 'CANCEL' }));
      expect(within(card).getAllByTestId('bet-line')[1]).toHaveTextContent('₱30.00');
      expect(within(card).queryByRole('textbox')).toBeNull();
    });

    it("says 'Bet Update Failed - Please try again' when the server refuses an edit, and stays in edit mode", async () => {
      const game = scheduledGame();
      const set = betSet([
        [1, 2, 1],
        [3, 4, 2],
      ], [20, 30]);
      server({ game, sets: [set], update: () => ({ status: 400, data: { message: 'Betting is closed for this game' } }) });
      open(`/Basketball/Minor/${game._id}`);
      await userEvent.click(await screen.findByRole('tab', { name: 'Active Bets (1)' }));
      const card = await screen.findByTestId('bet-set');
      await userEvent.click(within(card).getByRole('button', { name: 'EDIT' }));
      await userEvent.click(within(card).getByRole('button', { name: 'SAVE' }));
      expect(await toast('Bet Update Failed - Please try again')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'SAVE' })).toBeInTheDocument();
    });

    it('asks for the bets of the page: bets/game/3 Grand, /2 Major, /1 Minor, by the Ending id', async () => {
      const game = scheduledGame();
      const calls = server({ game, sets: [] });
      for (const [path, flag] of [
        ['Grandjackpot', 3],
        ['Major', 2],
        ['Minor', 1],
      ] as const) {
        const page = open(`/Basketball/${path}/${game._id}`);
        await waitFor(() => expect(calls.some((call) => call.url === `/bets/game/${flag}/${game.Ending._id}`)).toBe(true));
        page.unmount();
      }
    });
  });
});
