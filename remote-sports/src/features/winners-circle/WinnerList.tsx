import { ScrollArea, Stack, rem } from '@suwerte/shared';
import { plainGroup, plainStack, plainText } from '@suwerte/ui';
import { winLabel, type Winner } from '@suwerte/contracts/sports';
import { formatPeso } from '@suwerte/money';
import { memo, type CSSProperties } from 'react';

/** The winners lists are at most 500 px tall and scroll (document 2, section 2). */
const LIST_MAX_HEIGHT = 500;

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
export const WinnerList = memo(function WinnerList({ winners, label }: { winners: readonly Winner[]; label: string }) {
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
