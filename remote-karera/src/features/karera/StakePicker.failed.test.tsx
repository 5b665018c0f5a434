import { renderWithProviders } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StakePicker } from './StakePicker';

const loading = vi.hoisted(() => ({ fails: 1 }));

// The amount field's module fails once (a chunk that could not be fetched), then loads. A file of its
// own: the field's lazy part keeps its outcome for the module's life.
vi.mock('./StakeAmount', async (importOriginal) => {
  if (loading.fails > 0) {
    loading.fails -= 1;
    throw new Error('ChunkLoadError: Loading chunk stake-amount failed');
  }
  return importOriginal();
});

it('says so when the amount field’s code cannot be fetched, keeps the chips, and fetches it again on request', async () => {
  const onChange = vi.fn();
  renderWithProviders(<StakePicker value="" onChange={onChange} />);
  expect(await screen.findByText(/Couldn't load the amount field/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Chip ₱50.00' }));
  expect(onChange).toHaveBeenCalledWith(50);
  await userEvent.click(screen.getByRole('button', { name: 'try again' }));
  expect(await screen.findByRole('textbox', { name: 'Amount' })).toBeInTheDocument();
});
