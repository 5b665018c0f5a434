import { Badge, Button, Card, Group, Link, Skeleton, Stack, Text, Title, useEndpointQuery } from '@suwerte/shared';
import { StatusText } from '@suwerte/ui';
import { drawnNumbers, formatLottoNumbers, lottoEndpoints, lottoGameLabel, type TodaysDraw } from '@suwerte/contracts/lotto';
import { memo, useDeferredValue } from 'react';
import { formatDrawTime } from '../../lib/lotto-time';

/** Results appear on their own soon after a draw while the home page stays open. */
const TODAYS_DRAWS_REFRESH_MS = 60_000;

/** What a failed load shows: an empty list (document 2, section 7); one array, so the card is not redrawn for a new one. */
const NO_DRAWS: readonly TodaysDraw[] = [];

/**
 * Home widget "Lotto Today" (exposed as `lotto/LottoToday`): today's draws and Play Lotto Now.
 *
 * TanStack Query hands over data through useSyncExternalStore, which React renders in one
 * uninterruptible task; the card is drawn from a deferred copy instead, in a render React can
 * interrupt, so the page stays responsive while it arrives (docs/decisions/125).
 */
export default function LottoToday() {
  const draws = useEndpointQuery(lottoEndpoints.todaysDraws, { refetchInterval: TODAYS_DRAWS_REFRESH_MS });
  const shown = useDeferredValue(draws.isPending ? null : (draws.data ?? NO_DRAWS));
  return <LottoTodayCard draws={shown} />;
}

/** The card; `draws` is null while today's draws are loading. */
const LottoTodayCard = memo(function LottoTodayCard({ draws }: { draws: readonly TodaysDraw[] | null }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="lotto-today-title" h="100%">
      <Stack gap="md" h="100%">
        <Title order={2} size="h3" id="lotto-today-title">
          Lotto Today
        </Title>
        {draws === null ? (
          <Stack gap="xs" role="status" aria-label="Loading today's draws">
            <Skeleton height={44} radius="md" />
            <Skeleton height={44} radius="md" />
            <Skeleton height={44} radius="md" />
          </Stack>
        ) : draws.length === 0 ? (
          <StatusText>No Draw Today</StatusText>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Today's draws">
            {draws.map((draw) => {
              const numbers = drawnNumbers(draw);
              return (
                <Group
                  component="li"
                  key={draw._id}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  px="sm"
                  py={8}
                  bg="var(--suwerte-surface-sunken)"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  data-testid="todays-draw"
                >
                  <Stack gap={0}>
                    <Text fw={800} c="gold" style={{ whiteSpace: 'nowrap' }}>
                      {lottoGameLabel(draw.GameType)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDrawTime(draw.Schedule)}
                    </Text>
                  </Stack>
                  {numbers ? (
                    <Text fw={700} size="sm" ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatLottoNumbers(draw.GameType, numbers)}
                    </Text>
                  ) : (
                    <Badge variant="light" color="gold">
                      Upcoming
                    </Badge>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        <Button component={Link} to="/Lotto" mt="auto" fullWidth>
          Play Lotto Now
        </Button>
      </Stack>
    </Card>
  );
});
