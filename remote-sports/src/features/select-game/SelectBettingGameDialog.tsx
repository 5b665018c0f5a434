import { Badge, Button, Card, Group, Link, SimpleGrid, Stack, Text, Title, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { type ScheduledGame } from '@suwerte/contracts/sports';
import { MatchMeta, TeamsFaceOff } from '../../components/Teams';
import { bettingGames, type BettingGame } from './betting-games';

export interface SelectBettingGameDialogProps {
  /** The match whose games are offered; null keeps the dialog closed. */
  game: ScheduledGame | null;
  now: number;
  onClose: () => void;
}

function GameChoice({ choice }: { choice: BettingGame }) {
  const titleId = `betting-game-${choice.key}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid={`betting-game-${choice.key}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {choice.title}
          </Title>
          {choice.closed && (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Closed
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {choice.description}
        </Text>
        {!choice.closed ? (
          <Button component={Link} to={choice.to} mt="auto" size="sm" aria-label={`Place bet: ${choice.title}`}>
            Place bet
          </Button>
        ) : choice.keepsBets ? (
          // Closed: no Place bet; a jackpot's page still lists the player's bets on it.
          <Button component={Link} to={choice.to} mt="auto" size="sm" variant="light" aria-label={`View your bets: ${choice.title}`}>
            View your bets
          </Button>
        ) : (
          <Text size="sm" fw={600} mt="auto">
            Betting has closed for this game.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Bet Now → 'Select Betting Game': the match header and a card per game the match offers. Full screen on phones. */
export function SelectBettingGameDialog({ game, now, onClose }: SelectBettingGameDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const choices = game ? bettingGames(game) : [];
  return (
    <Modal opened={game !== null} onClose={onClose} title="Select Betting Game" fullScreen={phone} size="xl" centered={!phone} closeButtonProps={{ 'aria-label': 'Close Select Betting Game' }}>
      {game && (
        <Stack gap="lg">
          <Card withBorder radius="md" padding="md" data-testid="match-header">
            <Stack gap="sm">
              <MatchMeta game={game} now={now} />
              <TeamsFaceOff game={game} />
            </Stack>
          </Card>
          {(['ending', 'other'] as const).map((group) => {
            const cards = choices.filter((choice) => choice.group === group);
            if (cards.length === 0) return null;
            return (
              <Stack key={group} gap="sm" component="section" aria-label={group === 'ending' ? 'Ending prize types' : 'Other games'}>
                <Text fw={800} tt="uppercase" size="sm" c="dimmed">
                  {group === 'ending' ? 'Ending' : 'More games'}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                  {cards.map((choice) => (
                    <GameChoice key={choice.key} choice={choice} />
                  ))}
                </SimpleGrid>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}
