import { Anchor, Card, Group, Link, SimpleGrid, Stack, StatusText, Title, featuredGames, sportsEndpoints, useEndpointQuery, useNow } from '@suwerte/shared';
import { MatchMeta, TeamsFaceOff } from '../../components/Teams';

/** Badges follow the games while the home page stays open. */
const FEATURED_REFRESH_MS = 60_000;

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
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="featured-games-title">
            Featured Basketball Games
          </Title>
          <Anchor component={Link} to="/Sports" fw={700} aria-label="View All basketball games">
            View All
          </Anchor>
        </Group>
        {schedule.isPending ? (
          <StatusText loading>Loading</StatusText>
        ) : games.length === 0 ? (
          <StatusText>No Matches Found</StatusText>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Featured games">
            {games.map((game) => (
              <Card component="li" key={game._id} withBorder radius="md" padding="sm" bg="dark.8" data-testid="featured-game">
                <Stack gap="xs">
                  <MatchMeta game={game} now={now} />
                  <TeamsFaceOff game={game} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
