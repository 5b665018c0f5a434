import { Button, Card, Image, Link, SimpleGrid, Text, Title, selectToken, useSession } from '@suwerte/shared';
import { E_GAMES, type GameTile } from './games';

function PlayNow({ game }: { game: GameTile }) {
  const signedIn = useSession(selectToken) !== null;
  if (game.newTab && signedIn) {
    // The slot machine opens in a new tab when logged in (document 2, route table); a visitor
    // stays here, where the route guard asks them to sign in first.
    return (
      <Button component="a" href={game.link} target="_blank" rel="noopener" mt="auto" fullWidth aria-label={`Play Now: ${game.title} (opens in a new tab)`}>
        Play Now
      </Button>
    );
  }
  return (
    <Button component={Link} to={game.link} mt="auto" fullWidth aria-label={`Play Now: ${game.title}`}>
      Play Now
    </Button>
  );
}

/** The Video Karera and Lucky Keno cards, each with Play Now — on the hub and the home page. */
export function EGameCards({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {E_GAMES.map((game) => (
        <Card key={game.id} withBorder radius="lg" padding="md">
          <Card.Section>
            {/* The art is shown whole at its own 2:1 ratio (cropping cut the cards' pictures on a desktop). */}
            <Image src={game.img} alt="" width={640} height={320} h="auto" fit="contain" />
          </Card.Section>
          <Title order={headingOrder} size="h4" mt="md">
            {game.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="md">
            {game.desc}
          </Text>
          <PlayNow game={game} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
