import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { EGamesHubPage } from './EGamesHubPage';

describe('E-games hub', () => {
  beforeEach(resetSession);

  it('lists Video Karera and Lucky Keno with Play Now', () => {
    renderWithProviders(<EGamesHubPage />);
    expect(screen.getByRole('heading', { name: 'E-Games', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Video Karera' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lucky Keno' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Now: Video Karera' })).toHaveAttribute('href', '/VideoKarera');
    expect(screen.getByRole('link', { name: 'Play Now: Lucky Keno' })).toHaveAttribute('href', '/SlotMachineRoute');
  });
});
