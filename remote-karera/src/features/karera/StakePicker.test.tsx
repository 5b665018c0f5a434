import { renderWithProviders } from '@suwerte/shared/testing';
import { afterPaint } from '@suwerte/ui';
import { watch } from '@suwerte/ui/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StakePicker } from './StakePicker';

describe('StakePicker', () => {
  it('draws the chips at once and the amount field once the page is on show, in the place kept for it', async () => {
    const onChange = vi.fn();
    const painted = watch(afterPaint());
    renderWithProviders(<StakePicker value="" onChange={onChange} />);
    // The first screen: the chips work, the field's place is held (its label, no input yet).
    expect(screen.getByText('Amount')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(painted.done).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Chip ₱20.00' }));
    expect(onChange).toHaveBeenCalledWith(20);
    expect(await screen.findByRole('textbox', { name: 'Amount' })).toBeInTheDocument();
    expect(painted.done).toBe(true);
  });
});
