import { Badge, Button, Card, Group, Skeleton, Stack, Text, useEndpointQuery } from '@suwerte/shared';
import { TrophyIcon } from '@suwerte/ui';
import { LOTTO_JACKPOT_ADD_ON_PESOS, jackpotEndpoints } from '@suwerte/contracts/lotto';
import { formatPeso } from '@suwerte/money';

/**
 * The jackpot: the Grand pool of the first element of GET /jackpot, polled every 30 s, with the
 * 5-peso add-on a player pays per jackpot entry shown beside it (never added into the pool).
 */
export function JackpotCard() {
  // The endpoint's definition carries the spec's 30 s poll.
  const jackpot = useEndpointQuery(jackpotEndpoints.jackpot, { select: (list) => list[0] ?? null });
  const grand = jackpot.data?.Grand;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="lotto-jackpot-title">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="sm" wrap="nowrap">
          <TrophyIcon size={36} color="var(--mantine-color-gold-5)" aria-hidden />
          <Stack gap={0}>
            <Text id="lotto-jackpot-title" size="sm" fw={700} tt="uppercase" c="dimmed">
              Grand Jackpot
            </Text>
            {jackpot.isPending ? (
              <Skeleton height={36} width={220} mt={4} role="status" aria-label="Loading the jackpot" />
            ) : grand === undefined ? (
              <Text fw={700}>{jackpot.isError ? 'The jackpot could not be loaded.' : 'No jackpot right now.'}</Text>
            ) : (
              <Text fz={{ base: 28, sm: 36 }} fw={900} c="gold" lh={1.1} data-testid="lotto-jackpot" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPeso(grand)}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={4} align="flex-start">
          <Badge size="lg" variant="light" data-testid="lotto-jackpot-add-on">
            + {formatPeso(LOTTO_JACKPOT_ADD_ON_PESOS)} add-on
          </Badge>
          <Text size="sm" c="dimmed">
            per jackpot entry
          </Text>
          {jackpot.isError && grand === undefined && (
            <Button size="xs" variant="subtle" onClick={() => void jackpot.refetch()} loading={jackpot.isFetching}>
              Retry
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
