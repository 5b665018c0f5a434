import { Card, Text, Title } from '@suwerte/shared';

/** Home widget "Lotto Today" (exposed as `lotto/LottoToday`). */
export default function LottoToday() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="lotto-today-title">
      <Title order={2} size="h3" id="lotto-today-title">
        Lotto Today
      </Title>
      <Text c="dimmed" mt="xs">
        Today&apos;s draws are coming soon.
      </Text>
    </Card>
  );
}
