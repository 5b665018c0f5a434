import { Button, Card, Group, Link, Stack, Text, Title, lottoGameLabel, type LottoSchedule } from '@suwerte/shared';
import { betButtons } from '../../lib/lotto-games';
import { countdownTo, describeCountdown, drawDateLabel, type Countdown } from '../../lib/lotto-time';
import classes from './CountdownDisplay.module.css';

const UNITS: { key: keyof Countdown; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

// Plain elements, not Mantine's: see CountdownDisplay.module.css.
function CountdownDisplay({ countdown }: { countdown: Countdown }) {
  return (
    // A timer is not announced on every tick; its label says the whole time left at once.
    <div className={classes.grid} role="timer" aria-label={describeCountdown(countdown)} data-testid="draw-countdown">
      {UNITS.map(({ key, label }) => (
        <div key={key} className={classes.unit} aria-hidden>
          <p className={classes.value} data-unit={key}>
            {String(countdown[key]).padStart(2, '0')}
          </p>
          <p className={classes.label}>{label}</p>
        </div>
      ))}
    </div>
  );
}

export interface LottoScheduleCardProps {
  schedule: LottoSchedule;
  /** The page's clock (ms), shared by every card so they tick together. */
  now: number;
}

/**
 * One draw: its game, 'Today, date hour' or weekday and date, a countdown and then
 * 'Draw completed', and the buttons that launch its game.
 */
export function LottoScheduleCard({ schedule, now }: LottoScheduleCardProps) {
  const label = lottoGameLabel(schedule.GameType);
  const when = drawDateLabel(schedule.Schedule, now);
  const countdown = countdownTo(schedule.Schedule, now);
  const titleId = `draw-${schedule._id}`;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={titleId} data-testid="lotto-schedule-card" data-game-type={schedule.GameType}>
      <Stack gap="sm" h="100%">
        <Stack gap={2}>
          <Title order={3} size="h3" id={titleId} c="gold">
            {label}
          </Title>
          <Text size="sm" c="dimmed" data-testid="draw-date">
            {when}
          </Text>
        </Stack>
        {countdown ? (
          <CountdownDisplay countdown={countdown} />
        ) : (
          <Text fw={700} ta="center" py="md" bg="var(--suwerte-surface-sunken)" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="draw-completed">
            Draw completed
          </Text>
        )}
        <Group gap="xs" grow mt="auto">
          {betButtons(schedule).map((button) =>
            countdown ? (
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
      </Stack>
    </Card>
  );
}
