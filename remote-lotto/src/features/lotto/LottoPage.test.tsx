import { queryClient } from '@suwerte/shared';
import { fakeApi, renderWithProviders, startSignedIn, type FakeApiCall } from '@suwerte/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { betButtons } from '../../lib/lotto-games';
import { LottoPage } from './LottoPage';
import { LottoRules } from './LottoRules';
import type * as LottoGames from '../../lib/lotto-games';
import type * as Rules from './LottoRules';

// Counted, not changed: what a second's tick redraws besides the clock's own readers.
vi.mock('./LottoRules', async (importOriginal) => {
  const real = await importOriginal<typeof Rules>();
  return { LottoRules: vi.fn(real.LottoRules) };
});
vi.mock('../../lib/lotto-games', async (importOriginal) => {
  const real = await importOriginal<typeof LottoGames>();
  return { ...real, betButtons: vi.fn(real.betButtons) };
});

// Wednesday 10 June 2026, 10:00 AM in Manila.
const NOW = new Date('2026-06-10T02:00:00Z');

const SCHEDULES = [
  { _id: 'done45', GameType: 45, Schedule: '2026-06-10T01:00:00.000Z' }, // 9:00 AM, finished
  { _id: 'mm200', GameType: 200, Schedule: '2026-06-10T03:00:00.000Z' }, // 11:00 AM
  { _id: 'ez2two', GameType: 131, Schedule: '2026-06-10T06:00:00.000Z' }, // 2:00 PM
  { _id: 'next42', GameType: 42, Schedule: '2026-06-11T13:00:00.000Z' }, // Thursday 9:00 PM
];

const RESULTS = [
  { _id: 'done45', GameType: 45, Schedule: '2026-06-10T01:00:00.000Z', ResultId: [{ result: [3, 11, 17, 25, 38, 44] }] },
  { _id: 'mm-old', GameType: 200, Schedule: '2026-06-06T03:00:00.000Z', ResultId: [{ result: [5, 12, 33, 41, 68, 9] }] },
];

type Answer = { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

function api(overrides: Partial<Record<string, (call: FakeApiCall) => Answer>> = {}): FakeApiCall[] {
  return fakeApi((call) => {
    const override = overrides[call.url];
    if (override) return override(call);
    if (call.url === '/schedule/active/lotto') return { status: 200, data: SCHEDULES };
    if (call.url === '/result/lotto') return { status: 200, data: RESULTS };
    if (call.url === '/jackpot') return { status: 200, data: [{ Minor: 25000.5, Major: 150000.75, Grand: 1000000.25 }] };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const card = (gameLabel: string, index = 0) => {
  const cards = screen.getAllByRole('article', { name: gameLabel });
  const found = cards[index];
  if (!found) throw new Error(`no card ${gameLabel}`);
  return within(found);
};

// The page's dialogs load with their first opening (docs/decisions/225): their modules are imported
// once here, so a test's wait for its dialog is not also a wait for the runner's first transform.
beforeAll(() => Promise.all([import('./LottoResultsDialog')]));

describe('LottoPage', () => {
  beforeEach(() => {
    // The page's clock stands still at NOW; timers stay real for the UI library and user-event.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    startSignedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title, the live clock in Philippine time and the jackpot with its 5-peso add-on', async () => {
    api();
    renderWithProviders(<LottoPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lotto' })).toBeInTheDocument();
    expect(screen.getByTestId('lotto-clock')).toHaveTextContent('10:00:00 AM');
    expect(screen.getByText('Wednesday, June 10, 2026 · Philippine time')).toBeInTheDocument();
    expect(await screen.findByTestId('lotto-jackpot')).toHaveTextContent('₱1,000,000.25');
    expect(screen.getByTestId('lotto-jackpot-add-on')).toHaveTextContent('+ ₱5.00 add-on');
  });

  it('shows a card per draw with its label, date, countdown and bet buttons', async () => {
    api();
    renderWithProviders(<LottoPage />);
    await screen.findAllByTestId('lotto-schedule-card');

    const ez2 = card('EZ 2');
    expect(ez2.getByText('Today, June 10, 2:00 PM')).toBeInTheDocument();
    expect(ez2.getByRole('timer')).toHaveAccessibleName('Draw in 0 days, 4 hours, 0 minutes, 0 seconds');
    expect(ez2.getByRole('link', { name: /^Bet Now/ })).toHaveAttribute('href', '/EZ2Route/ez2two');

    const mega = card('Mega Millions');
    expect(mega.getByText('Today, June 10, 11:00 AM')).toBeInTheDocument();
    expect(mega.getByRole('link', { name: /^Bet Now/ })).toHaveAttribute('href', '/MegaMillionRoute');

    const next42 = card('6/42');
    expect(next42.getByText('Thursday, June 11, 9:00 PM')).toBeInTheDocument();
    expect(next42.getByRole('timer')).toHaveAccessibleName('Draw in 1 day, 11 hours, 0 minutes, 0 seconds');
    expect(next42.getByRole('link', { name: /^Bet Pick 3/ })).toHaveAttribute('href', '/Pick3Route/42');
    expect(next42.getByRole('link', { name: /^Bet Pick 12/ })).toHaveAttribute('href', '/Pick12Route/42');

    const done = card('6/45');
    expect(done.getByText('Today, June 10, 9:00 AM')).toBeInTheDocument();
    expect(done.getByText('Draw completed')).toBeInTheDocument();
    expect(done.queryByRole('timer')).not.toBeInTheDocument();
    expect(done.getByRole('button', { name: 'Bet Pick 3' })).toBeDisabled();
  });

  it("says 'NO SCHEDULE FOUND' when there are no draws, and also when they cannot be loaded", async () => {
    api({ '/schedule/active/lotto': () => ({ status: 200, data: [] }) });
    const { unmount } = renderWithProviders(<LottoPage />);
    expect(await screen.findByText('NO SCHEDULE FOUND')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    api({ '/schedule/active/lotto': () => ({ status: 500, data: { message: 'Internal server error' } }) });
    renderWithProviders(<LottoPage />);
    expect(await screen.findByText('NO SCHEDULE FOUND', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("opens 'Lotto Results': 'Fetching data', then Draw, GameType and Result", async () => {
    let release: () => void = () => undefined;
    const calls = api({
      '/result/lotto': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, data: RESULTS });
        }),
    });
    renderWithProviders(<LottoPage />);
    expect(calls.some((call) => call.url === '/result/lotto')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Lotto Results' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lotto Results' }));
    expect(dialog.getByText('Fetching data')).toBeInTheDocument();
    release();
    const table = within(await dialog.findByRole('table', { name: 'Lotto Results' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Draw', 'GameType', 'Result']);
    const rows = table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['06/10/2026 9:00 AM', '6/45', '03-11-17-25-38-44'],
      ['06/06/2026 11:00 AM', 'Mega Millions', '05-12-33-41-68 + 09'],
    ]);
  });

  it("shows 'No Result' when there are no results", async () => {
    api({ '/result/lotto': () => ({ status: 200, data: [] }) });
    renderWithProviders(<LottoPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Lotto Results' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lotto Results' }));
    expect(await dialog.findByText('No Result')).toBeInTheDocument();
  });

  it('states every odd and rule of the four games in the rules accordion', async () => {
    api();
    renderWithProviders(<LottoPage />);
    const rules = screen.getByRole('region', { name: 'Game Rules' });
    // The accordion's code comes once the page is on show (docs/decisions/248).
    await within(rules).findByRole('button', { name: 'PICK 3' });
    expect(within(rules).getAllByRole('button').map((button) => button.textContent)).toEqual(['PICK 3', 'PICK 12', 'MEGAMILLIONS', 'EZ 2']);
    for (const name of ['PICK 3', 'PICK 12', 'MEGAMILLIONS', 'EZ 2']) await userEvent.click(within(rules).getByRole('button', { name }));

    const text = rules.textContent ?? '';
    // Panels are accessible once their opening transition has run.
    const odds = async (caption: string) =>
      within(await within(rules).findByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(await odds('Pick 3 odds')).toEqual(['6/42x280', '6/45x300', '6/49x330', '6/55x360', '6/58x380']);
    expect(await odds('Pick 12 odds')).toEqual(['6/42x1500', '6/45x1800', '6/49x2000', '6/55x2300', '6/58x2450']);
    expect(await odds('Mega Millions odds')).toEqual(['3 whitex480', '1 white + yellowx3', '2 white + yellowx10']);
    expect(await odds('EZ 2 odds')).toEqual(['Straight (exact order)x490', 'Rambolito (any order)x245']);
    expect(text).toContain('Pick 3 jackpot on 4 of 6.');
    expect(text).toContain('Jackpot add-on: ₱5.00 per entry.');
    expect(text).toContain('Bet amount chips: ₱10, ₱20, ₱50, ₱100, ₱500.');
    expect(text).toContain('Pick 3, or 5 white plus 1 yellow.');
    expect(text).toContain('Pick 2 numbers from 1 to 31. Draws at 2PM, 5PM and 9PM (Philippine time).');
  });
});

describe('LottoPage polling and ticking', () => {
  beforeEach(() => {
    startSignedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the fake clock on, letting React and the queries settle inside act. */
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('polls the jackpot every 30 s and shows the new figure', async () => {
    vi.useFakeTimers({ now: NOW });
    let grand = 1000000.25;
    const calls = api({ '/jackpot': () => ({ status: 200, data: [{ Minor: 1, Major: 2, Grand: grand }] }) });
    renderWithProviders(<LottoPage />);
    await advance(50);
    expect(screen.getByTestId('lotto-jackpot')).toHaveTextContent('₱1,000,000.25');
    grand = 1000005.25;
    await advance(29_000);
    expect(calls.filter((call) => call.url === '/jackpot')).toHaveLength(1);
    expect(screen.getByTestId('lotto-jackpot')).toHaveTextContent('₱1,000,000.25');
    await advance(1_000);
    expect(calls.filter((call) => call.url === '/jackpot')).toHaveLength(2);
    expect(screen.getByTestId('lotto-jackpot')).toHaveTextContent('₱1,000,005.25');
  });

  it('ticks the clock and the countdown every second, says Draw completed, and reloads the schedule', async () => {
    // 3 seconds before the 2PM EZ 2 draw.
    vi.useFakeTimers({ now: new Date('2026-06-10T05:59:57Z') });
    const calls = api();
    const scheduleCalls = () => calls.filter((call) => call.url === '/schedule/active/lotto').length;
    renderWithProviders(<LottoPage />);
    await advance(50);
    const ez2 = within(screen.getByRole('article', { name: 'EZ 2' }));
    expect(ez2.getByRole('timer')).toHaveAccessibleName('Draw in 0 days, 0 hours, 0 minutes, 3 seconds');
    expect(screen.getByTestId('lotto-clock')).toHaveTextContent('1:59:57 PM');
    await advance(1_000);
    expect(ez2.getByRole('timer')).toHaveAccessibleName('Draw in 0 days, 0 hours, 0 minutes, 2 seconds');
    expect(screen.getByTestId('lotto-clock')).toHaveTextContent('1:59:58 PM');
    await advance(2_000);
    expect(ez2.getByText('Draw completed')).toBeInTheDocument();
    expect(ez2.getByRole('button', { name: 'Bet Now' })).toBeDisabled();
    expect(screen.getByTestId('lotto-clock')).toHaveTextContent('2:00:00 PM');
    // The draw's numbers and the game's next draw are on the server now: the schedule reloads once.
    await advance(50);
    expect(scheduleCalls()).toBe(2);
    await advance(1_000);
    expect(scheduleCalls()).toBe(2);
  });

  it('redraws only the clock, the countdowns and the date lines on a tick, not the page or the cards’ buttons', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-10T05:59:57Z') });
    api();
    renderWithProviders(<LottoPage />);
    await advance(50);
    expect(screen.getAllByTestId('lotto-schedule-card')).toHaveLength(SCHEDULES.length);
    // The rules, which come once the page is on show (docs/decisions/248), are drawn before counting.
    await advance(600);
    const rules = vi.mocked(LottoRules).mock.calls.length;
    expect(rules).toBeGreaterThan(0);
    const buttons = vi.mocked(betButtons).mock.calls.length;
    expect(buttons).toBeGreaterThan(0);

    await advance(1_000);
    expect(screen.getByTestId('lotto-clock')).toHaveTextContent('1:59:58 PM');
    expect(within(screen.getByRole('article', { name: 'EZ 2' })).getByRole('timer')).toHaveAccessibleName('Draw in 0 days, 0 hours, 0 minutes, 2 seconds');
    expect(vi.mocked(LottoRules).mock.calls.length).toBe(rules);
    expect(vi.mocked(betButtons).mock.calls.length).toBe(buttons);

    // The EZ 2 draw completes: its buttons close (drawn again once), the rest of the page stays.
    await advance(2_000);
    expect(within(screen.getByRole('article', { name: 'EZ 2' })).getByRole('button', { name: 'Bet Now' })).toBeDisabled();
    expect(vi.mocked(LottoRules).mock.calls.length).toBe(rules);
  });
});
