import { LAUNCH_TOKEN, fakeApi, renderWithProviders, resetSession, signInForTest, withSessionTokens } from '@suwerte/shared/testing';
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
    fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
  });

  it("/SlotMachineRoute sends the tab to the external slot game with a launch token (not the session's) and nothing else", async () => {
    renderWithProviders(<SlotMachineRoutePage />);
    expect(screen.getByText('Opening Lucky Keno…')).toBeInTheDocument();
    const url = `http://games.test/slotmachine?accesstoken=${LAUNCH_TOKEN.encoded}`;
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(url));
    expect(screen.getByRole('link', { name: 'Not opening? Continue to the game' })).toHaveAttribute('href', url);
  });

  it('/SlotMachine opens the launcher in a new tab', () => {
    renderWithProviders(<SlotMachinePage />);
    expect(screen.getByRole('heading', { name: 'Lucky Keno', level: 1 })).toBeInTheDocument();
    const play = screen.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' });
    expect(play).toHaveAttribute('href', '/SlotMachineRoute');
    expect(play).toHaveAttribute('target', '_blank');
  });
});
