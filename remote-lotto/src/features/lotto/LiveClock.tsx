import { ClockIcon } from '@suwerte/ui';
import { Group, Stack, Text, useNow } from '@suwerte/shared';
import { formatClockTime, formatLongDate } from '../../lib/lotto-time';

/** The page's live clock, in Philippine time (the draws' time), whatever the device's zone. */
export function LiveClock() {
  const now = useNow();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ClockIcon size={22} aria-hidden />
      <Stack gap={0}>
        <Text component="time" dateTime={new Date(now).toISOString()} fw={700} size="lg" data-testid="lotto-clock" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatClockTime(now)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatLongDate(now)} · Philippine time
        </Text>
      </Stack>
    </Group>
  );
}
