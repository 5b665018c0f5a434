import { GAME_STATUS } from '@suwerte/contracts/sports';
import { queryClient } from '@suwerte/shared';
import { addedWhile, fakeApi, renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen, within } from '@testing-library/react';
import { CELTICS, completedGame, scheduledGame } from '../../testing/sports-data';
import FeaturedGames from './FeaturedGames';

describe('Featured Basketball Games', () => {
  beforeEach(() => {
    // The home page is public: visitors see the games without signing in.
    resetSession();
    queryClient.clear();
  });

  it('shows the first 6 games by creation date, not the completed ones, with View All → /Sports', async () => {
    const games = Array.from({ length: 8 }, (_, index) =>
      scheduledGame({ Team2: { ...CELTICS, TeamName: `Team ${index}` }, createdAt: `2026-06-0${8 - index}T00:00:00.000Z` }),
    );
    const live = scheduledGame({ Team2: { ...CELTICS, TeamName: 'Live Team' }, createdAt: '2026-05-01T00:00:00.000Z', Status: GAME_STATUS.Q4, Schedule: new Date(Date.now() - 3_600_000).toISOString() });
    const calls = fakeApi(() => ({ status: 200, data: [...games, live, completedGame({ createdAt: '2026-04-01T00:00:00.000Z' })] }));
    renderWithProviders(<FeaturedGames />);
    expect(screen.getByRole('heading', { name: 'Featured Basketball Games' })).toBeInTheDocument();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    const items = await screen.findAllByTestId('featured-game');
    expect(items.map((item) => within(item).getByText(/ vs /).textContent)).toEqual([
      'Manila Lakers vs Live Team',
      'Manila Lakers vs Team 7',
      'Manila Lakers vs Team 6',
      'Manila Lakers vs Team 5',
      'Manila Lakers vs Team 4',
      'Manila Lakers vs Team 3',
    ]);
    expect(within(items[0] as HTMLElement).getByTestId('quarter-badge')).toHaveTextContent('Q4');
    expect(screen.getByRole('link', { name: 'View All basketball games' })).toHaveAttribute('href', '/Sports');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/schedule' });
    expect(calls[0]?.headers.get('Authorization')).toBeFalsy();
  });

  it('goes from loading straight to the games when the schedule arrives, never through the empty state', async () => {
    fakeApi(() => ({ status: 200, data: [scheduledGame()] }));
    const added = await addedWhile(async () => {
      renderWithProviders(<FeaturedGames />);
      expect(screen.getByText('Loading')).toBeInTheDocument();
      await screen.findByTestId('featured-game');
    });
    expect(added.join('|')).not.toContain('No Matches Found');
  });

  it("says 'No Matches Found' for none and for a failed load", async () => {
    fakeApi(() => ({ status: 200, data: [completedGame()] }));
    const first = renderWithProviders(<FeaturedGames />);
    expect(await screen.findByText('No Matches Found')).toBeInTheDocument();
    first.unmount();
    queryClient.clear();
    fakeApi(() => ({ status: 503, data: { message: 'down' } }));
    renderWithProviders(<FeaturedGames />);
    expect(await screen.findByText('No Matches Found', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
