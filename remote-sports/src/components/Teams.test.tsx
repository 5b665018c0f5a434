import { renderWithProviders } from '@suwerte/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { CELTICS, scheduledGame } from '../testing/sports-data';
import { MatchMeta, TeamLogo, TeamsFaceOff } from './Teams';

// Drawn with plain elements instead of Mantine's Avatar/Text/Stack (docs/decisions/126): the same
// names, texts and fallback as the components they replace.
describe('a match’s teams', () => {
  it('shows each team’s logo, name and acronym, face to face', () => {
    const game = scheduledGame({ Team2: { ...CELTICS, ImageLink: 'https://img.example/celtics.png' } });
    renderWithProviders(<TeamsFaceOff game={game} />);
    expect(screen.getByRole('img', { name: `${CELTICS.TeamName} logo` })).toHaveAttribute('src', 'https://img.example/celtics.png');
    expect(screen.getByText(game.Team1.TeamName)).toBeInTheDocument();
    expect(screen.getByText(CELTICS.TeamName)).toBeInTheDocument();
    expect(screen.getByText(CELTICS.Acronym)).toBeInTheDocument();
    expect(screen.getByText('VS')).toBeInTheDocument();
  });

  it('shows the acronym (three letters at most) in the logo’s place when the image cannot be shown', () => {
    const team = { ...CELTICS, Acronym: 'BOSC', ImageLink: 'https://img.example/broken.png' };
    const { rerender } = renderWithProviders(<TeamLogo team={team} />);
    fireEvent.error(screen.getByRole('img', { name: `${team.TeamName} logo` }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTitle(`${team.TeamName} logo`)).toHaveTextContent(/^BOS$/);
    // Another image gets its chance.
    rerender(<TeamLogo team={{ ...team, ImageLink: 'https://img.example/fixed.png' }} />);
    expect(screen.getByRole('img', { name: `${team.TeamName} logo` })).toHaveAttribute('src', 'https://img.example/fixed.png');
  });

  it('shows the acronym at once for a team without a logo', () => {
    renderWithProviders(<TeamLogo team={{ ...CELTICS, ImageLink: '' }} size={30} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTitle(`${CELTICS.TeamName} logo`)).toHaveTextContent(CELTICS.Acronym.slice(0, 3));
  });

  it('shows the league and the tip-off over the teams', () => {
    const game = scheduledGame({ Schedule: '2099-06-13T13:00:00.000Z' });
    renderWithProviders(<MatchMeta game={game} now={Date.parse('2099-06-01T00:00:00.000Z')} />);
    expect(screen.getByText(game.Team1.League)).toBeInTheDocument();
    expect(screen.getByText(/2099/)).toBeInTheDocument();
    expect(screen.queryByTestId('quarter-badge')).not.toBeInTheDocument();
  });
});
