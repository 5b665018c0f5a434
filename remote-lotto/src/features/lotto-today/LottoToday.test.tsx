import { queryClient } from '@suwerte/shared';
import { addedWhile, fakeApi, renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen, within } from '@testing-library/react';
import LottoToday from './LottoToday';

describe('Lotto Today', () => {
  beforeEach(() => {
    // The home page is public: a visitor sees today's draws without signing in.
    resetSession();
    queryClient.clear();
  });

  it("lists today's draws with their time and result, and links to the Lotto page", async () => {
    const calls = fakeApi(() => ({
      status: 200,
      data: [
        { _id: 'a', GameType: 45, Schedule: '2026-06-10T01:00:00.000Z', ResultId: [{ result: [3, 11, 17, 25, 38, 44] }] },
        { _id: 'b', GameType: 131, Schedule: '2026-06-10T06:00:00.000Z', ResultId: [] },
        { _id: 'c', GameType: 200, Schedule: '2026-06-10T03:00:00.000Z', ResultId: [{ result: [5, 12, 33, 41, 68, 9] }] },
      ],
    }));
    renderWithProviders(<LottoToday />);
    expect(screen.getByRole('heading', { name: 'Lotto Today' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('todays-draw');
    expect(rows.map((row) => row.textContent)).toEqual(['6/459:00 AM03-11-17-25-38-44', 'EZ 22:00 PMUpcoming', 'Mega Millions11:00 AM05-12-33-41-68 + 09']);
    expect(within(screen.getByRole('list', { name: "Today's draws" })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Play Lotto Now' })).toHaveAttribute('href', '/Lotto');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/game/pick3/todaysdraw' });
    expect(calls[0]?.headers.get('Authorization')).toBeFalsy();
  });

  it('goes from loading straight to the rows when the draws arrive, never through the empty state', async () => {
    fakeApi(() => ({ status: 200, data: [{ _id: 'a', GameType: 45, Schedule: '2026-06-10T01:00:00.000Z', ResultId: [] }] }));
    const added = await addedWhile(async () => {
      renderWithProviders(<LottoToday />);
      expect(screen.getByRole('status', { name: "Loading today's draws" })).toBeInTheDocument();
      await screen.findByTestId('todays-draw');
    });
    expect(added.join('|')).not.toContain('No Draw Today');
  });

  it("says 'No Draw Today' for an empty list and for a failed load", async () => {
    fakeApi(() => ({ status: 200, data: [] }));
    const { unmount } = renderWithProviders(<LottoToday />);
    expect(await screen.findByText('No Draw Today')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    fakeApi(() => ({ status: 503, data: { message: 'Service unavailable' } }));
    renderWithProviders(<LottoToday />);
    expect(await screen.findByText('No Draw Today', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Lotto Now' })).toBeInTheDocument();
  });
});
