import { Button, Card, Group, SimpleGrid, Skeleton, Text, VisuallyHidden, useEndpointQuery } from '@suwerte/shared';
import { Flex } from '@suwerte/shared/pages';
import { TrophyIcon } from '@suwerte/ui';
import { jackpotEndpoints } from '@suwerte/contracts/sports';
import { formatPeso } from '@suwerte/money';
import type { ReactNode } from 'react';
import { useCountUp } from '../../lib/use-count-up';

const POOLS = [
  { key: 'Minor', label: 'Minor' },
  { key: 'Major', label: 'Major' },
  { key: 'Grand', label: 'Grand' },
] as const;

/** The amount's line: the same size whether it holds the amount or, while loading, its skeleton. */
const AMOUNT_TEXT = { fz: { base: 22, md: 30 }, fw: 900, c: 'gold', lh: 1.15, style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

/** One pool: a row on phones (label left, amount right), a column from `sm` up. */
function PoolLayout({ label, amount, testId }: { label: string; amount: ReactNode; testId?: string }) {
  return (
    <Flex
      direction={{ base: 'row', sm: 'column' }}
      justify={{ base: 'space-between', sm: 'flex-start' }}
      align="center"
      gap={{ base: 'sm', sm: 0 }}
      ta={{ base: 'left', sm: 'center' }}
      data-testid={testId}
    >
      <Text size="xs" fw={800} tt="uppercase" c="dimmed" lts={1}>
        {label} Jackpot
      </Text>
      {amount}
    </Flex>
  );
}

function Pool({ label, amount }: { label: string; amount: number }) {
  const shown = useCountUp(amount);
  return (
    <PoolLayout
      label={label}
      testId={`jackpot-${label.toLowerCase()}`}
      amount={
        <>
          {/* Screen readers get the amount itself once, not every frame of the count. */}
          <Text {...AMOUNT_TEXT} aria-hidden>
            {formatPeso(shown ?? amount)}
          </Text>
          <VisuallyHidden>{formatPeso(amount)}</VisuallyHidden>
        </>
      }
    />
  );
}

/** Grid of the three pools: the skeletons take the rows the amounts will take, so nothing below moves when they arrive. */
const POOL_GRID = { cols: { base: 1, sm: 3 }, spacing: 'xs', verticalSpacing: 6 } as const;

/** The Sports page's jackpot banner: Minor, Major and Grand from the first element of GET /jackpot, counting up. */
export function JackpotBanner() {
  // The endpoint's definition carries the spec's 30 s poll.
  const jackpot = useEndpointQuery(jackpotEndpoints.jackpot, { select: (list) => list[0] ?? null });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sports-jackpot-title" className="sports-jackpot-banner">
      <Group gap="xs" justify="center" mb="sm">
        <TrophyIcon size={22} color="var(--mantine-color-gold-5)" aria-hidden />
        <Text id="sports-jackpot-title" fw={800} tt="uppercase" size="sm">
          Basketball Jackpots
        </Text>
      </Group>
      {jackpot.isPending ? (
        <SimpleGrid {...POOL_GRID} role="status" aria-label="Loading the jackpots">
          {POOLS.map((pool) => (
            <PoolLayout
              key={pool.key}
              label={pool.label}
              amount={
                // A stand-in amount gives the skeleton the amount's line; it is never shown or read.
                <Skeleton width="auto" radius="md">
                  <Text {...AMOUNT_TEXT} aria-hidden>
                    {formatPeso(100_000)}
                  </Text>
                </Skeleton>
              }
            />
          ))}
        </SimpleGrid>
      ) : jackpot.data ? (
        <SimpleGrid {...POOL_GRID}>
          {POOLS.map((pool) => (
            <Pool key={pool.key} label={pool.label} amount={jackpot.data?.[pool.key] ?? 0} />
          ))}
        </SimpleGrid>
      ) : (
        <Group justify="center" gap="sm">
          <Text fw={700}>{jackpot.isError ? 'The jackpots could not be loaded.' : 'No jackpot right now.'}</Text>
          {jackpot.isError && (
            <Button size="xs" variant="subtle" onClick={() => void jackpot.refetch()} loading={jackpot.isFetching}>
              Retry
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
