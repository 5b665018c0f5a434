import { Card, Text, Title } from '@suwerte/shared';

/** Home widget "Winners Circle" (exposed as `sports/WinnersCircle`). */
export default function WinnersCircle() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="winners-circle-title">
      <Title order={2} size="h3" id="winners-circle-title">
        Winners Circle
      </Title>
      <Text c="dimmed" mt="xs">
        Today&apos;s and the biggest winners are coming soon.
      </Text>
    </Card>
  );
}
