import {
  Button,
  Card,
  Group,
  HOME_BIGGEST_WINNERS,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  StatusText,
  Title,
  TrophyIcon,
  formatPeso,
  plainGroup,
  plainStack,
  plainText,
  rem,
  sportsEndpoints,
  useEndpointQuery,
  useMediaQuery,
  winLabel,
  type Winner,
} from '@suwerte/shared';
import { memo, useDeferredValue, useMemo, useState, type CSSProperties, type ReactNode } from 'react';

/** The winners lists are at most 500 px tall and scroll (document 2, section 2). */
const LIST_MAX_HEIGHT = 500;

/** What a failed load shows: an empty list (document 2, section 7); one array, so a list is not redrawn for a new one. */
const NO_WINNERS: readonly Winner[] = [];

// A winner's row is drawn with plain elements: Todays Winners lists every win of the day (dozens
// of rows on a busy day), and Mantine's Group, Stack and three Texts per row were most of the home
// page's longest task once the list arrived (docs/decisions/136). The styles are those components'
// own for the props the rows had (decision 132).
/** Group component="li" justify="space-between" wrap="nowrap" gap="sm" px="sm" py={8} on the sunken surface. */
const ROW: CSSProperties = {
  ...plainGroup('center', 'space-between', 'sm'),
  paddingInline: 'var(--mantine-spacing-sm)',
  paddingBlock: rem(8),
  background: 'var(--suwerte-surface-sunken)',
  borderRadius: 'var(--mantine-radius-md)',
};
/** Stack gap={0}, allowed to shrink so a long label wraps. */
const WHO: CSSProperties = { ...plainStack('0rem'), minWidth: 0 };
/** Text fw={800}. */
const NAME: CSSProperties = { ...plainText('md'), fontWeight: 800 };
/** Text size="xs" c="dimmed" lineClamp={2}. */
const LABEL: CSSProperties = {
  ...plainText('xs'),
  color: 'var(--mantine-color-dimmed)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
};
/** Text fw={900} c="gold", on one line, figures of one width. */
const AMOUNT: CSSProperties = { ...plainText('md'), fontWeight: 900, color: 'var(--mantine-color-gold-text)', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };

/** A list of winners; redrawn only when its own list changes (the other list's arrival leaves it alone). */
const WinnerList = memo(function WinnerList({ winners, label }: { winners: readonly Winner[]; label: string }) {
  return (
    // The scrolling viewport takes focus, so a keyboard can scroll a long list (its rows have no link).
    // It scrolls down only: the rows take the list's width (Mantine's autosize content is otherwise
    // as wide as its widest row), so on a phone a long game label wraps (two lines at most) instead
    // of pushing the amount out of sight behind a sideways scroll.
    <ScrollArea.Autosize
      mah={LIST_MAX_HEIGHT}
      type="auto"
      scrollbars="y"
      offsetScrollbars="y"
      styles={{ content: { minWidth: 0 } }}
      data-testid="winners-scroll"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` }}
    >
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {winners.map((winner) => (
          <li key={winner._id} style={ROW} data-testid="winner">
            <div style={WHO}>
              <p style={NAME} data-testid="winner-name">
                {winner.UserId.username}
              </p>
              <p style={LABEL}>{winLabel(winner)}</p>
            </div>
            <p style={AMOUNT}>{formatPeso(winner.WinAmount)}</p>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
});

function Column({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Home widget "Winners Circle" (exposed as `sports/WinnersCircle`): Todays Winners and the top 5
 * Biggest Winners, with View All Winners → 'ALL BIGGEST WINNER'. Names arrive masked from the
 * server: the public calls never carry a username.
 */
export default function WinnersCircle() {
  const today = useEndpointQuery(sportsEndpoints.todaysWinners);
  const biggest = useEndpointQuery(sportsEndpoints.biggestWinners);
  const [allOpen, setAllOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  // TanStack Query hands over data through useSyncExternalStore, which React renders in one
  // uninterruptible task; the lists are drawn from deferred copies instead, in renders React can
  // interrupt, so the page stays responsive while they arrive (docs/decisions/125). null: loading.
  const todays = useDeferredValue(today.isPending ? null : (today.data ?? NO_WINNERS));
  const all = useDeferredValue(biggest.isPending ? null : (biggest.data ?? NO_WINNERS));
  const top = useMemo(() => (all === null ? null : all.slice(0, HOME_BIGGEST_WINNERS)), [all]);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="winners-circle-title">
      <Stack gap="md">
        <Group gap="xs">
          <TrophyIcon size={24} color="var(--mantine-color-gold-5)" aria-hidden />
          <Title order={2} size="h3" id="winners-circle-title">
            Winners Circle
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Column title="Todays Winners" id="todays-winners-title">
            {todays === null ? <StatusText loading>Fetching data</StatusText> : todays.length === 0 ? <StatusText>No Todays Winners</StatusText> : <WinnerList winners={todays} label="Todays Winners" />}
          </Column>
          <Column title="Biggest Winners" id="biggest-winners-title">
            {top === null ? (
              <StatusText loading>Fetching data</StatusText>
            ) : top.length === 0 ? (
              <StatusText>No Big Winners</StatusText>
            ) : (
              <WinnerList winners={top} label="Biggest Winners" />
            )}
            <Button variant="outline" onClick={() => setAllOpen(true)}>
              View All Winners
            </Button>
          </Column>
        </SimpleGrid>
      </Stack>
      <Modal opened={allOpen} onClose={() => setAllOpen(false)} title="ALL BIGGEST WINNER" fullScreen={phone} centered={!phone} closeButtonProps={{ 'aria-label': 'Close ALL BIGGEST WINNER' }}>
        {all === null ? (
          <StatusText loading>Fetching data</StatusText>
        ) : all.length === 0 ? (
          <StatusText>No Big Winners</StatusText>
        ) : (
          <WinnerList winners={all} label="All biggest winners" />
        )}
      </Modal>
    </Card>
  );
}
