import { renderWithProviders, resetSession, signInForTest } from '@suwerte/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { prefetchRoute } from '../../features/federation/prefetch-route';
import AccountDrawer from './AccountDrawer';

vi.mock('../../features/federation/prefetch-route', () => ({ prefetchRoute: vi.fn(async () => undefined) }));

describe('AccountDrawer prefetching', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
    vi.mocked(prefetchRoute).mockClear();
  });

  it('loads nothing while closed', () => {
    renderWithProviders(<AccountDrawer opened={false} onClose={() => undefined} />);
    expect(prefetchRoute).not.toHaveBeenCalled();
  });

  it('starts loading the Deposit page when it opens, and a link’s page when the pointer or focus reaches it', async () => {
    renderWithProviders(<AccountDrawer opened onClose={() => undefined} />);
    expect(prefetchRoute).toHaveBeenCalledWith('/members/deposit');
    const withdraw = await screen.findByRole('link', { name: 'Withdraw' });
    fireEvent.pointerEnter(withdraw);
    expect(prefetchRoute).toHaveBeenLastCalledWith('/members/withdraw');
    fireEvent.focus(screen.getByRole('link', { name: 'Bet History' }));
    expect(prefetchRoute).toHaveBeenLastCalledWith('/members/bet-history');
  });
});
