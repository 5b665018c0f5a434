import { Button, SimpleGrid } from '@suwerte/shared';
import { NumberInput } from '@suwerte/shared/number-input';
import type { AmountState } from './jackpot-form';
import { JACKPOT_QUICK_AMOUNTS } from './jackpot-page';

export interface AmountInputProps {
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

/** A row's stake in pesos. */
export function AmountInput({ label, amount, minimum, state, onChange, disabled = false }: AmountInputProps) {
  const red = state === 'under' || state === 'over';
  return (
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
  );
}

export interface QuickAmountsProps {
  /** Names the group, e.g. 'Quick amounts for Q1'. */
  label: string;
  amount: number | null;
  onPick: (amount: number) => void;
  /** @default false */
  disabled?: boolean;
}

/** The quick amounts 10, 20, 50, 100, 500, 1000 (document 2, section 5), in one line. */
export function QuickAmounts({ label, amount, onPick, disabled = false }: QuickAmountsProps) {
  return (
    <SimpleGrid cols={6} spacing={4} role="group" aria-label={label}>
      {JACKPOT_QUICK_AMOUNTS.map((quick) => (
        <Button key={quick} size="compact-sm" px={0} variant={amount === quick ? 'filled' : 'default'} disabled={disabled} onClick={() => onPick(quick)} aria-pressed={amount === quick}>
          {quick}
        </Button>
      ))}
    </SimpleGrid>
  );
}
