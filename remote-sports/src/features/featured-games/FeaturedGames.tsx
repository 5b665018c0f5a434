import {
  Anchor,
  Card,
  Group,
  Link,
  SimpleGrid,
  Stack,
  StatusText,
  Text,
  Title,
  VisuallyHidden,
  featuredGames,
  sportsEndpoints,
  useEndpointQuery,
  useNow,
  type ScheduledGame,
} from '@suwerte/shared';
import { QuarterBadge, TeamLogo } from '../../components/Teams';
import { formatShortTipOff } from '../../lib/sports-time';

/** Badges follow the games while the home page stays open. */
const FEATURED_REFRESH_MS = 60_000;

/** One game in a line, so six fit a phone's screen: logos and acronyms, league, tip-off, badge. */
function FeaturedGame({ game, now }: { game: ScheduledGame; now: number }) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" bg="var(--suwerte-surface-sunken)" data-testid="featured-game">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" aria-hidden>
          <TeamLogo team={game.Team1} size={30} />
          <Text fw={800}>{game.Team1.Acronym}</Text>
          <Text size="xs" fw={900} c="dimmed">
            VS
          </Text>
          <Text fw={800}>{game.Team2.Acronym}</Text>
          <TeamLogo team={game.Team2} size={30} />
        </Group>
        <VisuallyHidden>
          {game.Team1.TeamName} vs {game.Team2.TeamName}
        </VisuallyHidden>
        <Stack gap={2} align="flex-end" style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="gold" fw={800} truncate>
              {game.Team1.League}
            </Text>
            <QuarterBadge game={game} now={now} />
          </Group>
          <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatShortTipOff(game.Schedule)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Home widget "Featured Basketball Games" (exposed as `sports/FeaturedGames`): the first 6 games
 * by creation date from the public schedule, and View All → /Sports.
 */
export default function FeaturedGames() {
  const now = useNow(30_000);
  const schedule = useEndpointQuery(sportsEndpoints.schedule, { refetchInterval: FEATURED_REFRESH_MS });
  // A failed load is an empty list (document 2, section 7).
  const games = featuredGames(schedule.data ?? []);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="featured-games-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={2} size="h3" id="featured-games-title">
            Featured Basketball Games
          </Title>
          <Anchor component={Link} to="/Sports" fw={700} style={{ whiteSpace: 'nowrap' }} aria-label="View All basketball games" className="suwerte-tap-link">
            View All
          </Anchor>
        </Group>
        {schedule.isPending ? (
          <StatusText loading>Loading</StatusText>
        ) : games.length === 0 ? (
          <StatusText>No Matches Found</StatusText>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Featured matches">
            {games.map((game) => (
              <FeaturedGame key={game._id} game={game} now={now} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
