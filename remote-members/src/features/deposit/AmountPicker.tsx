import type { Ref } from 'react';
import { Button, Group, Stack } from '@suwerte/shared';
import { TextInput } from '@suwerte/shared/inputs';
import { DEPOSIT_MIN, DEPOSIT_PRESETS, GATEWAY_DEPOSIT_MIN, digitsOnly } from '@suwerte/contracts/members';
import { formatPeso, groupDigits } from '@suwerte/money';

export interface AmountPickerProps {
  /** Digits only, as typed. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const MAX_DIGITS = 6;

/** Amount, digits only, with the presets 50, 100, 200, 500 and 1000 (document 1, section 9). */
export function AmountPicker({ value, onChange, disabled = false, inputRef }: AmountPickerProps) {
  return (
    <Stack gap="xs">
      <TextInput
        label="Amount"
        ref={inputRef}
        description={`Minimum ${formatPeso(DEPOSIT_MIN)} (QR Ph: ${formatPeso(GATEWAY_DEPOSIT_MIN)})`}
        leftSection="₱"
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(digitsOnly(event.currentTarget.value).replace(/^0+(?=\d)/, '').slice(0, MAX_DIGITS))}
      />
      <Group gap="xs" role="group" aria-label="Amount presets">
        {DEPOSIT_PRESETS.map((preset) => {
          const selected = value === String(preset);
          return (
            <Button
              key={preset}
              size="compact-md"
              variant={selected ? 'filled' : 'light'}
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onChange(String(preset))}
            >
              {groupDigits(preset)}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
