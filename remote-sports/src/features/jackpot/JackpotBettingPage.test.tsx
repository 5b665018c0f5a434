import { GAME_STATUS } from '@suwerte/contracts/sports';
import { sessionStore } from '@suwerte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { scheduledGame } from '../../testing/sports-data';
import { confirm, open, pickCombination, placed, rows, server, signedInNoticeDismissed, toast, typeAmount } from '../../testing/jackpot-page';

// Grand, the page's states and Active Bets are in JackpotGrandAndActiveBets.test.tsx (two files: the two
// Vitest workers share the jackpot pages' tests, the longest of remote-sports).
describe('the jackpot pages', () => {
  beforeEach(() => {
    signedInNoticeDismissed();
  });

  it('Major: title, match header, three rows Q1–Q3, Max fetched for a chosen combination, Win ×70', async () => {
    const game = scheduledGame();
    const calls = server({ game, sets: [], available: (a, b, q) => (a === 4 && b === 7 && q === 2 ? 150 : 300) });
    open(`/Basketball/Major/${game._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Major Jackpot Betting' })).toBeInTheDocument();
    expect(await screen.findByTestId('match-header')).toHaveTextContent('Manila Lakers');
    expect(screen.getByRole('tab', { name: 'Betting', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active Bets (0)' })).toBeInTheDocument();
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Row 1, Q1', 'Row 2, Q2', 'Row 3, Q3']);

    const second = rows()[1] as HTMLElement;
    expect(within(second).getByTestId('row-max')).toHaveTextContent('—');
    // No stake yet: no total made of the attendance alone (issue 37).
    expect(screen.getByTestId('jackpot-total')).toHaveTextContent(/^—$/);
    await pickCombination(second, 4, 7);
    expect(within(second).getByRole('button', { name: 'Combination for Q2: 4 - 7' })).toBeInTheDocument();
    await waitFor(() => expect(within(second).getByTestId('row-max')).toHaveTextContent('₱150.00'));
    const maxCall = calls.find((call) => call.url.startsWith('/monitoring/available/ending/'));
    expect(maxCall).toMatchObject({ url: `/monitoring/available/ending/${game.Ending._id}`, query: { slot1: 4, slot2: 7, quarter: 2 } });
    // Over the row's max: no Win promised for a stake the row refuses.
    await typeAmount(second, '151');
    expect(within(second).getByTestId('row-win')).toHaveTextContent(/^—$/);
    await typeAmount(second, '25');
    expect(within(second).getByTestId('row-win')).toHaveTextContent('₱1,750.00');
    expect(screen.getByTestId('jackpot-total')).toHaveTextContent('₱30.00');
  });

  it('Major: CONFIRM checks in the spec order, then places the bet, resets the form and shows the balance it answers', async () => {
    const game = scheduledGame();
    let body: unknown = null;
    const calls = server({
      game,
      sets: [],
      available: () => 100,
      place: (call) => {
        body = call.body;
        return placed();
      },
    });
    open(`/Basketball/Major/${game._id}`);
    await screen.findByRole('heading', { name: 'Major Jackpot Betting' });
    await screen.findAllByTestId('jackpot-row');

    await confirm();
    expect(await toast('ALL FIELDS REQUIRED')).toBeInTheDocument();

    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    await typeAmount(first, '20');
    await typeAmount(second, '20');
    await typeAmount(third, '20');
    await confirm();
    expect(await toast('SELECT VALID SLOT NUMBER')).toBeInTheDocument();

    await pickCombination(first, 1, 2);
    await pickCombination(second, 3, 4);
    await pickCombination(third, 5, 6);
    await typeAmount(third, '9');
    expect(within(third).getByRole('textbox', { name: 'Amount for Q3' })).toHaveAttribute('aria-invalid', 'true');
    await confirm();
    expect(await toast('MINIMUM BET AMOUNT REQUIRED')).toBeInTheDocument();

    await waitFor(() => expect(within(third).getByTestId('row-max')).toHaveTextContent('₱100.00'));
    await typeAmount(third, '101');
    await confirm();
    expect(await toast('MAXIMUM BET AMOUNT EXCEEDED')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/bet/jackpot/ending')).toBe(false);

    // A quick amount sets the row.
    await userEvent.click(within(third).getByRole('button', { name: '50' }));
    expect(within(third).getByRole('textbox', { name: 'Amount for Q3' })).toHaveValue('₱50');
    await confirm();
    expect(await toast('Bet Placed Successfully')).toBeInTheDocument();
    expect(body).toEqual({
      bets: [
        { Amount: 20, jackpot: 2, slot1: 1, slot2: 2, quarter: 1, max: 100 },
        { Amount: 20, jackpot: 2, slot1: 3, slot2: 4, quarter: 2, max: 100 },
        { Amount: 50, jackpot: 2, slot1: 5, slot2: 6, quarter: 3, max: 100 },
      ],
      GameId: game.Ending._id,
    });
    // The form is back to its starting rows, the balance is the server's, and CONFIRM waits 1.5 s.
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Pick combination for q1' })).toBeInTheDocument());
    expect(within(rows()[2] as HTMLElement).getByRole('textbox', { name: 'Amount for Q3' })).toHaveValue('');
    await waitFor(() => expect(sessionStore.getState().account?.balance).toBe(4000));
    // The answer carries the balance: no `/account/` refetch for it.
    expect(calls.some((call) => call.url === '/account/')).toBe(false);
    expect(screen.getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'CONFIRM' })).toBeEnabled(), { timeout: 2500 });
  });

  it("says 'Bet Failed - Please try again' with the server's reason when a bet is refused", async () => {
    const game = scheduledGame();
    server({ game, sets: [], place: () => ({ status: 400, data: { message: 'BETTING CLOSED FOR THAT QUARTER' } }) });
    open(`/Basketball/Minor/${game._id}`);
    await screen.findAllByTestId('jackpot-row');
    for (const [index, row] of rows().entries()) {
      await pickCombination(row, index, index);
      await userEvent.click(within(row).getByRole('button', { name: '10' }));
    }
    await confirm();
    expect(await toast('Bet Failed - Please try again')).toBeInTheDocument();
    expect(screen.getByText('BETTING CLOSED FOR THAT QUARTER')).toBeInTheDocument();
    // The entry stays for another try.
    expect(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Combination for Q1: 0 - 0' })).toBeInTheDocument();
  });

  it('Minor: two rows, quarters exclusive across rows and closed quarters disabled', async () => {
    const game = scheduledGame({ Status: GAME_STATUS.Q1, Schedule: new Date(Date.now() - 600_000).toISOString(), EndingBettingStatus: 2 });
    server({ game, sets: [] });
    open(`/Basketball/Minor/${game._id}`);
    expect(await screen.findByRole('heading', { name: 'Minor Jackpot Betting' })).toBeInTheDocument();
    // Q1 is under way: the rows start on the first quarters still open.
    await waitFor(() => expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Row 1, Q2', 'Row 2, Q3']));
    const quarters = within(rows()[0] as HTMLElement).getByRole('radiogroup', { name: 'Quarter for row 1' });
    const state = within(quarters)
      .getAllByRole('radio')
      .map((radio) => `${radio.getAttribute('value')}:${(radio as HTMLInputElement).disabled ? 'off' : 'on'}`);
    expect(state).toEqual(['1:off', '2:on', '3:off', '4:on']);
    await userEvent.click(within(quarters).getByLabelText('Q4'));
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Row 1, Q4', 'Row 2, Q3']);
  });

  it('Link Combination and Link Amount copy the first row to every row', async () => {
    const game = scheduledGame();
    server({ game, sets: [] });
    open(`/Basketball/Major/${game._id}`);
    await screen.findAllByTestId('jackpot-row');
    const [first] = rows() as [HTMLElement];
    await pickCombination(first, 8, 3);
    await typeAmount(first, '40');
    await userEvent.click(screen.getByRole('switch', { name: 'Link Combination' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Link Amount' }));
    for (const row of rows().slice(1)) {
      expect(within(row).getByRole('button', { name: /: 8 - 3$/ })).toBeDisabled();
      expect(within(row).getByRole('textbox', { name: /^Amount for/ })).toHaveValue('₱40');
      expect(within(row).getByRole('textbox', { name: /^Amount for/ })).toBeDisabled();
    }
    await typeAmount(first, '60');
    expect(within(rows()[2] as HTMLElement).getByRole('textbox', { name: 'Amount for Q3' })).toHaveValue('₱60');
  });

  it("a closed Major says 'BETTING CLOSED' on CONFIRM", async () => {
    // Q3 has started (EndingBettingStatus 4): Major has closed, Minor has not.
    const game = scheduledGame({ Status: GAME_STATUS.Q3, Schedule: new Date(Date.now() - 3_600_000).toISOString(), EndingBettingStatus: 4 });
    server({ game, sets: [] });
    open(`/Basketball/Major/${game._id}`);
    expect(await screen.findByTestId('betting-closed-note')).toBeInTheDocument();
    await confirm();
    expect(await toast('BETTING CLOSED')).toBeInTheDocument();
  });
});
