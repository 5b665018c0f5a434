import { Button, Card, Image, Link, SimpleGrid, Text, Title } from '@suwerte/shared';
import { E_GAMES } from './games';

/** The Video Karera and Lucky Keno cards, each with Play Now — on the hub and the home page. */
export function EGameCards({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {E_GAMES.map((game) => (
        <Card key={game.id} withBorder radius="lg" padding="md">
          <Card.Section>
            <Image src={game.img} alt="" h={160} fit="cover" />
          </Card.Section>
          <Title order={headingOrder} size="h4" mt="md">
            {game.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="md">
            {game.desc}
          </Text>
          <Button component={Link} to={game.link} mt="auto" fullWidth aria-label={`Play Now: ${game.title}`}>
            Play Now
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
