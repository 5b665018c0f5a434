import { Button, Card, Group, Link, Text, rem, useNow } from '@suwerte/shared';
import { plainStack, plainText } from '@suwerte/ui';
import { lottoGameLabel, type LottoSchedule } from '@suwerte/contracts/lotto';
import { betButtons } from '../../lib/lotto-games';
import { countdownTo, describeCountdown, drawDateLabel, type Countdown } from '../../lib/lotto-time';
import { memo, type CSSProperties } from 'react';

const UNITS: { key: keyof Countdown; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

// The countdown is drawn with plain elements: the page shows one per draw and redraws them every
// second, and Mantine's SimpleGrid/Stack/Text per unit (13 components and an inline <style> per
// card) were most of the page's render on a route change (docs/decisions/124). The styles are
// those components' own (SimpleGrid cols=4 spacing=xs; Stack py=6 on the sunken surface; Text),
// inline from `@suwerte/shared`'s plain styles (docs/decisions/132), so the remote's container
// needs no CSS chunk loader. The card's stacks, title and date line are plain elements too, for
// the same reason (docs/decisions/126).
const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 'var(--mantine-spacing-xs)' };
const UNIT: CSSProperties = {
  ...plainStack('0rem', 'center'),
  paddingBlock: 'calc(0.375rem * var(--mantine-scale))',
  background: 'var(--suwerte-surface-sunken)',
  borderRadius: 'var(--mantine-radius-md)',
};
const VALUE: CSSProperties = { ...plainText('md'), fontSize: 'calc(1.375rem * var(--mantine-scale))', fontWeight: 800, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' };
const LABEL: CSSProperties = {
  ...plainText('xs'),
  color: 'var(--mantine-color-dimmed)',
  textTransform: 'uppercase',
};

/** Stack (`m_6d731127`) gap="sm" h="100%". */
const CARD_STACK: CSSProperties = { ...plainStack('sm'), height: '100%' };
/** Stack gap=2. */
const HEADER: CSSProperties = plainStack(rem(2));
/** Title (`m_8a5d1357`) order=3 size="h3" c="gold". */
const TITLE: CSSProperties = {
  margin: 0,
  fontWeight: 'var(--mantine-h3-font-weight)' as CSSProperties['fontWeight'],
  fontSize: 'var(--mantine-h3-font-size)',
  lineHeight: 'var(--mantine-h3-line-height)',
  fontFamily: 'var(--mantine-font-family-headings)',
  textWrap: 'var(--mantine-heading-text-wrap)' as CSSProperties['textWrap'],
  color: 'var(--mantine-color-gold-text)',
};
/** Text size="sm" c="dimmed". */
const DATE: CSSProperties = { ...plainText('sm'), color: 'var(--mantine-color-dimmed)' };

function CountdownDisplay({ countdown }: { countdown: Countdown }) {
  return (
    // A timer is not announced on every tick; its label says the whole time left at once.
    <div style={GRID} role="timer" aria-label={describeCountdown(countdown)} data-testid="draw-countdown">
      {UNITS.map(({ key, label }) => (
        <div key={key} style={UNIT} aria-hidden>
          <p style={VALUE} data-unit={key}>
            {String(countdown[key]).padStart(2, '0')}
          </p>
          <p style={LABEL}>{label}</p>
        </div>
      ))}
    </div>
  );
}

export interface LottoScheduleCardProps {
  schedule: LottoSchedule;
}

/** The card's buttons: redrawn when the draw completes or its date line changes, not on every tick. */
const BetButtons = memo(function BetButtons({ schedule, label, when, open }: { schedule: LottoSchedule; label: string; when: string; open: boolean }) {
  return (
    <Group gap="xs" grow mt="auto">
      {betButtons(schedule).map((button) =>
        open ? (
          <Button key={button.to} component={Link} to={button.to} aria-label={`${button.label}: ${label}, ${when}`}>
            {button.label}
          </Button>
        ) : (
          // Betting on a finished draw is over; the game's next draw has a card of its own.
          <Button key={button.to} disabled>
            {button.label}
          </Button>
        ),
      )}
    </Group>
  );
});

/**
 * What changes with the clock: the date line ('Today, …' until midnight), the countdown and then
 * 'Draw completed', and whether the buttons are open. It reads the page's clock itself, so a
 * second's tick redraws this part and not the card (docs/decisions/136).
 */
function DrawTime({ schedule, label, titleId }: { schedule: LottoSchedule; label: string; titleId: string }) {
  const now = useNow();
  const when = drawDateLabel(schedule.Schedule, now);
  const countdown = countdownTo(schedule.Schedule, now);
  return (
    <>
      <div style={HEADER}>
        <h3 style={TITLE} id={titleId}>
          {label}
        </h3>
        <p style={DATE} data-testid="draw-date">
          {when}
        </p>
      </div>
      {countdown ? (
        <CountdownDisplay countdown={countdown} />
      ) : (
        <Text fw={700} ta="center" py="md" bg="var(--suwerte-surface-sunken)" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="draw-completed">
          Draw completed
        </Text>
      )}
      <BetButtons schedule={schedule} label={label} when={when} open={countdown !== null} />
    </>
  );
}

/**
 * One draw: its game, 'Today, date hour' or weekday and date, a countdown and then
 * 'Draw completed', and the buttons that launch its game.
 */
export function LottoScheduleCard({ schedule }: LottoScheduleCardProps) {
  const label = lottoGameLabel(schedule.GameType);
  const titleId = `draw-${schedule._id}`;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={titleId} data-testid="lotto-schedule-card" data-game-type={schedule.GameType}>
      <div style={CARD_STACK}>
        <DrawTime schedule={schedule} label={label} titleId={titleId} />
      </div>
    </Card>
  );
}
