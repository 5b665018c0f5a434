import { Button, Group, SimpleGrid, Skeleton, Text, invalidateEndpoints, useEndpointQuery, useNow } from '@suwerte/shared';
import { StatusText } from '@suwerte/ui';
import { lottoEndpoints, type LottoSchedule } from '@suwerte/contracts/lotto';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { LottoScheduleCard } from './LottoScheduleCard';

/**
 * When a draw's time comes while the page is open, the server has its numbers and may list the
 * game's next draw: reload both. Reads the clock on its own and draws nothing, so the list
 * around it is not redrawn every second.
 */
function DrawCompletionWatch({ schedules }: { schedules: readonly LottoSchedule[] }) {
  const now = useNow();
  const completed = schedules.filter((schedule) => Date.parse(schedule.Schedule) <= now).length;
  const seenCompleted = useRef<number | null>(null);
  useEffect(() => {
    if (seenCompleted.current !== null && completed > seenCompleted.current) {
      invalidateEndpoints([lottoEndpoints.activeSchedules, lottoEndpoints.results]);
    }
    seenCompleted.current = completed;
  }, [completed]);
  return null;
}

/** The draws a desktop shows above the fold (one row): drawn first when the page opens with its draws in. */
const FIRST_SCREEN_DRAWS = 3;

/** The schedule cards from GET /schedule/active/lotto ('NO SCHEDULE FOUND' when there are none). */
export function LottoSchedules() {
  const schedules = useEndpointQuery(lottoEndpoints.activeSchedules);
  const current = useMemo(() => ({ pending: schedules.isPending, list: schedules.data ?? [] }), [schedules.isPending, schedules.data]);
  // Entering the page with its draws already in (a later visit): the first row's cards first, the rest
  // in a render React slices after it — the page answers the tap without drawing every card. The
  // loading state is deferred with the list, so the skeleton stays until the cards are drawn.
  const { pending, list } = useDeferredValue(current, { ...current, list: current.list.slice(0, FIRST_SCREEN_DRAWS) });

  if (pending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading the draws">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={210} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (current.list.length === 0) {
    return (
      <>
        <StatusText>NO SCHEDULE FOUND</StatusText>
        {schedules.isError && (
          <Group justify="center" gap="xs">
            <Text size="sm" c="red">
              {schedules.error.message}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void schedules.refetch()} loading={schedules.isFetching}>
              Retry
            </Button>
          </Group>
        )}
      </>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <DrawCompletionWatch schedules={current.list} />
      {list.map((schedule) => (
        <LottoScheduleCard key={schedule._id} schedule={schedule} />
      ))}
    </SimpleGrid>
  );
}
