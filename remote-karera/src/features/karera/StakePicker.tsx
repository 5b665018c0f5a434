import { Button, Group, Paper, SimpleGrid, Stack, Text, selectBalance, useSession } from '@suwerte/shared';
import { NumberInput } from '@suwerte/shared/number-input';
import { KARERA_BET_CHIPS } from '@suwerte/contracts/karera';
import { formatPeso } from '@suwerte/money';

export interface StakePickerProps {
  /** The input's value: a number of pesos, or the text being typed ('' when empty, '12.' half-way). */
  value: number | string;
  onChange: (value: number | string) => void;
}

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
        <NumberInput
          label="Amount"
          placeholder="Enter your stake"
          prefix="₱"
          min={0}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
          inputMode="decimal"
          value={value}
          onChange={onChange}
        />
      </Stack>
    </Paper>
  );
}
