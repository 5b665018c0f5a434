import { fakeApi, renderWithProviders, startSignedIn } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { LottoSchedules } from './LottoSchedules';

/** How many cards the page had in each commit that drew cards (the first entry: its first commit with cards). */
const cardsAtCommit = vi.hoisted(() => [] as number[]);

// A card that says how many cards are in the document when React commits it.
vi.mock('./LottoScheduleCard', () => ({
  LottoScheduleCard: ({ schedule }: { schedule: { _id: string } }) => {
    useLayoutEffect(() => {
      cardsAtCommit.push(document.querySelectorAll('[data-testid="card"]').length);
    }, []);
    return <div data-testid="card">{schedule._id}</div>;
  },
}));

const SCHEDULES = ['a', 'b', 'c', 'd', 'e'].map((id, index) => ({ _id: id, GameType: 42, Schedule: `2026-06-1${index + 1}T13:00:00.000Z` }));

it('entered again with its draws in, draws the first row of cards first and the rest after it; a first visit shows the skeleton until the cards', async () => {
  startSignedIn();
  fakeApi((call) => (call.url === '/schedule/active/lotto' ? { status: 200, data: SCHEDULES } : { status: 404, data: { message: 'Not found' } }));
  // A first visit: the skeleton, then every card (none drawn without the others).
  const first = renderWithProviders(<LottoSchedules />);
  expect(screen.getByRole('status', { name: 'Loading the draws' })).toBeInTheDocument();
  expect(await screen.findAllByTestId('card')).toHaveLength(5);
  expect(cardsAtCommit[0]).toBe(5);
  first.unmount();

  // A later visit: the draws are in the cache.
  cardsAtCommit.length = 0;
  renderWithProviders(<LottoSchedules />);
  expect(await screen.findAllByTestId('card')).toHaveLength(5);
  expect(cardsAtCommit[0]).toBe(3);
});
