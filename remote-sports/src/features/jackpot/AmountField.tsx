import { Button, Group, NumberInput, Stack, JACKPOT_QUICK_AMOUNTS } from '@suwerte/shared';
import type { AmountState } from './jackpot-form';

export interface AmountFieldProps {
  /** The input's label, e.g. 'Amount for Q1'. */
  label: string;
  amount: number | null;
  /** The minimum shown to the player (the game's `Endingmin`, never below ₱10). */
  minimum: number;
  /** How the amount reads against the minimum and the row's max: red when under or over. */
  state: AmountState;
  onChange: (amount: number | null) => void;
  /** Read-only (a linked row follows the first one). @default false */
  disabled?: boolean;
}

/** A row's stake in pesos, with the quick amounts 10, 20, 50, 100, 500, 1000 under it. */
export function AmountField({ label, amount, minimum, state, onChange, disabled = false }: AmountFieldProps) {
  const red = state === 'under' || state === 'over';
  return (
    <Stack gap={6}>
      <NumberInput
        label={label}
        placeholder={`Min ${minimum}`}
        value={amount ?? ''}
        onChange={(value) => onChange(typeof value === 'number' && Number.isFinite(value) ? value : null)}
        min={0}
        decimalScale={2}
        allowNegative={false}
        thousandSeparator=","
        prefix="₱"
        hideControls
        inputMode="decimal"
        error={red}
        aria-invalid={red}
        disabled={disabled}
        labelProps={{ className: 'visually-hidden' }}
      />
      <Group gap={4} wrap="wrap" role="group" aria-label={`Quick amounts for ${label.toLowerCase()}`}>
        {JACKPOT_QUICK_AMOUNTS.map((quick) => (
          <Button key={quick} size="compact-xs" variant={amount === quick ? 'filled' : 'default'} disabled={disabled} onClick={() => onChange(quick)} aria-pressed={amount === quick}>
            {quick}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
