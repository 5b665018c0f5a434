import { Card, Text, Title } from '@suwerte/shared';

/** Home widget "Featured Basketball Games" (exposed as `sports/FeaturedGames`). */
export default function FeaturedGames() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="featured-games-title">
      <Title order={2} size="h3" id="featured-games-title">
        Featured Basketball Games
      </Title>
      <Text c="dimmed" mt="xs">
        Basketball betting is coming soon.
      </Text>
    </Card>
  );
}
