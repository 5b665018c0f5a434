import { renderWithProviders, resetSession, signInForTest } from '@suwerte/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import type * as launch from './launch';
import { leaveFor } from './launch';
import { SlotMachinePage } from './SlotMachinePage';
import { SlotMachineRoutePage } from './SlotMachineRoutePage';

vi.mock('./launch', async (original) => ({ ...(await original<typeof launch>()), leaveFor: vi.fn() }));

describe('slot machine', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
  });

  it('/SlotMachineRoute sends the tab to the external slot game with the access token and game type 300', async () => {
    renderWithProviders(<SlotMachineRoutePage />);
    expect(screen.getByText('Opening Lucky Keno…')).toBeInTheDocument();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://games.test/slotmachine?accesstoken=test-token&type=300'));
    expect(screen.getByRole('link', { name: 'Not opening? Continue to the game' })).toHaveAttribute(
      'href',
      'http://games.test/slotmachine?accesstoken=test-token&type=300',
    );
  });

  it('/SlotMachine opens the launcher in a new tab', () => {
    renderWithProviders(<SlotMachinePage />);
    expect(screen.getByRole('heading', { name: 'Lucky Keno', level: 1 })).toBeInTheDocument();
    const play = screen.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' });
    expect(play).toHaveAttribute('href', '/SlotMachineRoute');
    expect(play).toHaveAttribute('target', '_blank');
  });
});
