import { renderWithProviders, resetSession, signInForTest } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { EGamesHubPage } from './EGamesHubPage';
import EGamesWidget from './EGamesWidget';

describe('E-games', () => {
  beforeEach(resetSession);

  it('the hub lists Video Karera and Lucky Keno with Play Now', () => {
    renderWithProviders(<EGamesHubPage />);
    expect(screen.getByRole('heading', { name: 'E-Games', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Video Karera' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lucky Keno' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Now: Video Karera' })).toHaveAttribute('href', '/VideoKarera');
    // A visitor goes through the route guard (sign in first) in the same tab.
    const keno = screen.getByRole('link', { name: 'Play Now: Lucky Keno' });
    expect(keno).toHaveAttribute('href', '/SlotMachineRoute');
    expect(keno).not.toHaveAttribute('target');
  });

  it("opens Lucky Keno's /SlotMachineRoute in a new tab for a signed-in player", () => {
    signInForTest();
    renderWithProviders(<EGamesHubPage />);
    const keno = screen.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' });
    expect(keno).toHaveAttribute('href', '/SlotMachineRoute');
    expect(keno).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Play Now: Video Karera' })).not.toHaveAttribute('target');
  });

  it('the home widget is titled SUWERTE E-GAMES with both cards', () => {
    renderWithProviders(<EGamesWidget />);
    expect(screen.getByRole('heading', { name: 'SUWERTE E-GAMES', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Play Now/ })).toHaveLength(2);
  });
});
