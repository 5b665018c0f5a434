import { NumberInput } from '@suwerte/shared/number-input';
import type { StakePickerProps } from './StakePicker';

/** The stake's amount field: pesos with two decimals, never negative. */
export function StakeAmount({ value, onChange }: StakePickerProps) {
  return (
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
  );
}
