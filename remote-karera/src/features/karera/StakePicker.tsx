import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, selectBalance, useSession } from '@suwerte/shared';
import { lazyPart } from '@suwerte/ui';
import { KARERA_BET_CHIPS } from '@suwerte/contracts/karera';
import { formatPeso } from '@suwerte/money';
import classes from './StakePicker.module.css';

export interface StakePickerProps {
  /** The input's value: a number of pesos, or the text being typed ('' when empty, '12.' half-way). */
  value: number | string;
  onChange: (value: number | string) => void;
}

// The amount field's code (and the kernel's `number-input` entry point) comes once the page is on show:
// the chips work meanwhile, and the page's first screen draws without those bytes (docs/decisions/248).
const StakeAmount = lazyPart(() => import(/* webpackChunkName: "stake-amount" */ './StakeAmount').then((module) => module.StakeAmount), {
  loading: (
    <div className={classes.amountPlaceholder} aria-hidden>
      <Text size="sm" fw={500}>
        Amount
      </Text>
      <Skeleton className={classes.amountSkeleton} radius="sm" />
    </div>
  ),
  failed: (retry) => (
    <Text size="sm" c="dimmed" role="status">
      Couldn&apos;t load the amount field: bet with a chip, or{' '}
      <Anchor component="button" type="button" onClick={retry}>
        try again
      </Anchor>
    </Text>
  ),
});

/** Bet chips 10/20/50/100/500 (document 1, section 9) and an amount input. A chip sets the amount. */
export function StakePicker({ value, onChange }: StakePickerProps) {
  const balance = useSession(selectBalance);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700} id="karera-chips-label">
            Stake
          </Text>
          <Text size="sm" c="dimmed">
            Balance: {balance === null ? '…' : formatPeso(balance)}
          </Text>
        </Group>
        <SimpleGrid cols={5} spacing={6} role="group" aria-labelledby="karera-chips-label">
          {KARERA_BET_CHIPS.map((chip) => (
            <Button
              key={chip}
              radius="xl"
              size="sm"
              px={0}
              variant={value === chip ? 'filled' : 'light'}
              aria-pressed={value === chip}
              aria-label={`Chip ${formatPeso(chip)}`}
              onClick={() => onChange(chip)}
            >
              ₱{chip}
            </Button>
          ))}
        </SimpleGrid>
        <StakeAmount value={value} onChange={onChange} />
      </Stack>
    </Paper>
  );
}
