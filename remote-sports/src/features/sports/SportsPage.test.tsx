import { GAME_STATUS, type ScheduledGame } from '@suwerte/contracts/sports';
import { queryClient } from '@suwerte/shared';
import { fakeApi, renderWithProviders, startSignedIn, type FakeApiCall } from '@suwerte/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CELTICS, completedGame, scheduledGame } from '../../testing/sports-data';
import { GameCard } from './GameCard';
import type * as GameCardModule from './GameCard';
import { SportsPage } from './SportsPage';

// Counted, not changed: how often the cards are drawn while the page stays open.
vi.mock('./GameCard', async (importOriginal) => {
  const real = await importOriginal<typeof GameCardModule>();
  return { GameCard: vi.fn(real.GameCard) };
});

const HOUR = 3_600_000;
const upcoming = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Upcoming Celtics' }, Schedule: new Date(Date.now() + 2 * HOUR).toISOString() });
// Status says Q3 but tip-off is still ahead: no badge yet (the badge waits for the schedule).
const earlyStatus = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Early Celtics' }, Schedule: new Date(Date.now() + 3 * HOUR).toISOString(), Status: GAME_STATUS.Q3 });
const live = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Live Celtics' }, Schedule: new Date(Date.now() - HOUR).toISOString(), Status: GAME_STATUS.Q2, EndingBettingStatus: 2 });
const overtime = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Overtime Celtics' }, Schedule: new Date(Date.now() - 2 * HOUR).toISOString(), Status: GAME_STATUS.OT1, EndingBettingStatus: 5 });
const finished = completedGame({ Team2: { ...CELTICS, TeamName: 'Finished Celtics' } });

function api({ schedule = [upcoming, earlyStatus, live, overtime], completed = [finished], fail = false }: { schedule?: ScheduledGame[]; completed?: ScheduledGame[]; fail?: boolean } = {}) {
  return fakeApi((call: FakeApiCall) => {
    if (call.url === '/jackpot') return { status: 200, data: [{ Minor: 12_500, Major: 250_000, Grand: 1_500_000 }] };
    if (fail) return { status: 503, data: { message: 'Service unavailable' } };
    if (call.url === '/schedule') return { status: 200, data: schedule };
    if (call.url === '/finishedgames/basketball/limit') return { status: 200, data: completed };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const cardTitles = () => screen.queryAllByTestId('game-card').map((card) => card.getAttribute('aria-label'));

/** The page with an upcoming and a live game, their two cards shown; how many card draws that took. */
async function showUpcomingAndLive(): Promise<number> {
  api({ schedule: [upcoming, live] });
  renderWithProviders(<SportsPage />);
  expect(await screen.findAllByTestId('game-card')).toHaveLength(2);
  return vi.mocked(GameCard).mock.calls.length;
}

// The page's dialogs load with their first opening (docs/decisions/225): their modules are imported
// once here, so a test's wait for its dialog is not also a wait for the runner's first transform.
beforeAll(() => Promise.all([import('../select-game/SelectBettingGameDialog'), import('./GameResultDialog')]));

describe('the Sports page', () => {
  beforeEach(() => {
    startSignedIn();
  });

  it('shows the jackpot banner with Minor, Major and Grand from the first element of GET /jackpot', async () => {
    api();
    renderWithProviders(<SportsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
    // The count-up lands on the amounts (jsdom's animation frames run on timers); the amount
    // itself is there for screen readers from the start.
    const minor = await screen.findByTestId('jackpot-minor');
    expect(within(minor).getByText('Minor Jackpot')).toBeInTheDocument();
    await waitFor(() => expect(within(minor).getAllByText('₱12,500.00')).toHaveLength(2), { timeout: 4000 });
    // Each count-up lands on its own animation frame: not necessarily the same one as Minor's.
    await waitFor(() => expect(within(screen.getByTestId('jackpot-major')).getAllByText('₱250,000.00')).toHaveLength(2));
    await waitFor(() => expect(within(screen.getByTestId('jackpot-grand')).getAllByText('₱1,500,000.00')).toHaveLength(2));
  });

  it('lists every game on All Games by tip-off, with the quarter badge only once the tip-off has passed', async () => {
    const calls = api();
    renderWithProviders(<SportsPage />);
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Manila Lakers vs Overtime Celtics',
        'Manila Lakers vs Live Celtics',
        'Manila Lakers vs Upcoming Celtics',
        'Manila Lakers vs Early Celtics',
      ]),
    );
    const badges = screen.getAllByTestId('game-card').map((card) => within(card).queryByTestId('quarter-badge')?.textContent ?? null);
    expect(badges).toEqual(['In play: OT1', 'In play: Q2', null, null]);
    expect(calls.filter((call) => call.url === '/schedule')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Bet Now:/ })).toHaveLength(4);
  });

  it('filters Live and Today, and loads Completed from the finished games with View Result', async () => {
    const calls = api();
    renderWithProviders(<SportsPage />);
    await screen.findAllByTestId('game-card');
    await userEvent.click(screen.getByRole('tab', { name: 'Live' }));
    expect(cardTitles()).toEqual(['Manila Lakers vs Overtime Celtics', 'Manila Lakers vs Live Celtics']);
    expect(calls.some((call) => call.url === '/finishedgames/basketball/limit')).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Manila Lakers vs Finished Celtics']));
    expect(calls.find((call) => call.url === '/finishedgames/basketball/limit')?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(screen.queryByRole('button', { name: /^Bet Now/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'View Result: Manila Lakers vs Finished Celtics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Game Result' });
    expect(within(dialog).getByTestId('final-score')).toHaveTextContent('85 – 87');
    const rows = within(within(dialog).getByRole('table', { name: 'Results per quarter' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'QuarterMNLCEBEndingOdd/EvenFirst to score',
      'Q12421' + '4-1' + 'Odd' + 'CEB',
      'Q21828' + '2-9' + 'Even' + 'MNL',
      'Q32615' + '8-3' + 'Even' + 'MNL',
      'Q41723' + '5-7' + 'Odd' + 'CEB',
    ]);
  });

  it("says 'No games found' for an empty tab, and when the schedule cannot be loaded", async () => {
    api({ schedule: [upcoming] });
    const { unmount } = renderWithProviders(<SportsPage />, { path: '/Sports?tab=live' });
    expect(await screen.findByText('No games found')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Live', selected: true })).toBeInTheDocument();
    unmount();
    queryClient.clear();
    api({ fail: true });
    renderWithProviders(<SportsPage />);
    expect(await screen.findByText('No games found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Games', selected: true })).toBeInTheDocument();
    // The failure is said too, with a way to try again (an empty tab above has no such line).
    expect(await screen.findByTestId('list-load-failed', {}, { timeout: 5000 })).toHaveTextContent("Couldn't load this list — Retry");
    api({ schedule: [upcoming] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('game-card')).toHaveLength(1);
  });

  it("opens 'Select Betting Game' from Bet Now with the match and a card per game it offers", async () => {
    const partial = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Partial Celtics' }, Endingwqr: null, FTTS: null });
    api({ schedule: [upcoming, partial] });
    renderWithProviders(<SportsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bet Now: Manila Lakers vs Upcoming Celtics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Betting Game' });
    expect(within(dialog).getByTestId('match-header')).toHaveTextContent('Upcoming Celtics');
    const links = within(dialog)
      .getAllByRole('link', { name: /^Place bet:/ })
      .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(links).toEqual([
      ['Place bet: Regular (x70)', `/EndingRoute/${upcoming.Ending._id}/101`],
      ['Place bet: Grand Jackpot', `/Basketball/Grandjackpot/${upcoming._id}`],
      ['Place bet: Major Jackpot', `/Basketball/Major/${upcoming._id}`],
      ['Place bet: Minor Jackpot', `/Basketball/Minor/${upcoming._id}`],
      ['Place bet: Quarter Prize', `/EndingwqRoute/${upcoming.Endingwq?._id}`],
      ['Place bet: Quarter & Reverse Prize', `/EndingwqRoute/${upcoming.Endingwqr?._id}`],
      ['Place bet: Overtime', `/EndingRoute/${upcoming.Ending._id}/105`],
      ['Place bet: Odd/Even', `/OddEven/${upcoming.OddEven?._id}`],
      ['Place bet: First Team To Score', `/FTTS/${upcoming.FTTS?._id}`],
      ['Place bet: Team Winner', `/TeamBetting/${upcoming.Teambetting?._id}`],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Select Betting Game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Bet Now: Manila Lakers vs Partial Celtics' }));
    const second = await screen.findByRole('dialog', { name: 'Select Betting Game' });
    const titles = within(second)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Regular (x70)', 'Grand Jackpot', 'Major Jackpot', 'Minor Jackpot', 'Quarter Prize', 'Overtime', 'Odd/Even', 'Team Winner']);
  });

  it('marks the jackpots whose betting has closed on a live game', async () => {
    api({ schedule: [live] });
    renderWithProviders(<SportsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Bet Now:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Betting Game' });
    // Q2 under way (EndingBettingStatus 2): the Grand has closed, Major and Minor are still open.
    expect(within(within(dialog).getByTestId('betting-game-grand')).getByText('Closed')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('betting-game-major')).queryByText('Closed')).toBeNull();
    expect(within(within(dialog).getByTestId('betting-game-minor')).queryByText('Closed')).toBeNull();
  });

  it('draws the cards from its deferred value: opening and closing a dialog leaves them be', async () => {
    const drawn = await showUpcomingAndLive();
    await userEvent.click(screen.getByRole('button', { name: 'Bet Now: Manila Lakers vs Upcoming Celtics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Betting Game' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Select Betting Game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page drew itself for the dialog twice; the cards were not drawn again.
    expect(vi.mocked(GameCard).mock.calls.length).toBe(drawn);
    expect(cardTitles()).toEqual(['Manila Lakers vs Live Celtics', 'Manila Lakers vs Upcoming Celtics']);
  });

  it('draws a tab just chosen with its own list at once, never the list of the tab before', async () => {
    const before = await showUpcomingAndLive();
    await userEvent.click(screen.getByRole('tab', { name: 'Live' }));
    expect(cardTitles()).toEqual(['Manila Lakers vs Live Celtics']);
    // Every card drawn since the click is the Live tab's.
    const drawnSince = vi.mocked(GameCard).mock.calls.slice(before).map(([props]) => props.game.Team2.TeamName);
    expect(drawnSince.length).toBeGreaterThan(0);
    expect(drawnSince.every((name) => name === 'Live Celtics')).toBe(true);
  });

  describe('while the page stays open', () => {
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    afterEach(() => {
      vi.useRealTimers();
    });

    it('puts a game in play at its tip-off, drawing the cards again then and not on every second', async () => {
      vi.useFakeTimers({ now: new Date('2026-06-10T11:59:58Z') });
      const soon = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Soon Celtics' }, Schedule: '2026-06-10T12:00:00.000Z', Status: GAME_STATUS.Q1 });
      const later = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Later Celtics' }, Schedule: '2026-06-10T14:00:00.000Z' });
      api({ schedule: [soon, later] });
      renderWithProviders(<SportsPage />);
      await advance(50);
      const soonCard = () => screen.getByRole('article', { name: 'Manila Lakers vs Soon Celtics' });
      expect(within(soonCard()).queryByTestId('quarter-badge')).not.toBeInTheDocument();
      // 11:59:58.9 to 11:59:59.9: the seconds tick by and the cards are not drawn again.
      await advance(850);
      const drawn = vi.mocked(GameCard).mock.calls.length;
      await advance(1_000);
      expect(vi.mocked(GameCard).mock.calls.length).toBe(drawn);

      // The tip-off passes.
      await advance(200);
      expect(within(soonCard()).getByTestId('quarter-badge')).toHaveTextContent('Q1');
      expect(within(screen.getByRole('article', { name: 'Manila Lakers vs Later Celtics' })).queryByTestId('quarter-badge')).not.toBeInTheDocument();
      expect(vi.mocked(GameCard).mock.calls.length).toBe(drawn + 2);
      await advance(5_000);
      expect(vi.mocked(GameCard).mock.calls.length).toBe(drawn + 2);
    });
  });
});
