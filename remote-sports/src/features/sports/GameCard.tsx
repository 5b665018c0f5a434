import { Button, Card } from '@suwerte/shared';
import { plainStack } from '@suwerte/ui';
import { isGameCompleted, type ScheduledGame } from '@suwerte/contracts/sports';
import type { CSSProperties } from 'react';
import { MatchMeta, TeamsFaceOff } from '../../components/Teams';

/** Mantine's Stack gap="md" h="100%", as a plain element: one per card, like the card's teams (docs/decisions/126). */
const CARD_STACK: CSSProperties = { ...plainStack('md'), height: '100%' };

export interface GameCardProps {
  game: ScheduledGame;
  now: number;
  /** Bet Now: opens 'Select Betting Game' for this match. */
  onBet: (game: ScheduledGame) => void;
  /** View Result, on a completed game. */
  onViewResult: (game: ScheduledGame) => void;
}

/** A match on the Sports page: league, tip-off, quarter badge, both teams, Bet Now or View Result. */
export function GameCard({ game, now, onBet, onViewResult }: GameCardProps) {
  const completed = isGameCompleted(game);
  const label = `${game.Team1.TeamName} vs ${game.Team2.TeamName}`;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={label} data-testid="game-card" data-game-id={game._id}>
      <div style={CARD_STACK}>
        <MatchMeta game={game} now={now} />
        <TeamsFaceOff game={game} />
        {completed ? (
          <Button variant="outline" mt="auto" fullWidth onClick={() => onViewResult(game)} aria-label={`View Result: ${label}`}>
            View Result
          </Button>
        ) : (
          <Button mt="auto" fullWidth onClick={() => onBet(game)} aria-label={`Bet Now: ${label}`}>
            Bet Now
          </Button>
        )}
      </div>
    </Card>
  );
}
