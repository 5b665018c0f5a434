import { Button, SimpleGrid, Stack, Text, UnstyledButton } from '@suwerte/shared';
import { Popover } from '@suwerte/shared/forms';
import { useState } from 'react';
import classes from './CombinationPicker.module.css';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface CombinationPickerProps {
  /** Names the picker for screen readers, e.g. 'Combination for Q2'. */
  label: string;
  slot1: number | null;
  slot2: number | null;
  /** Called on every digit chosen. */
  onChange: (slot1: number | null, slot2: number | null) => void;
  /** Read-only (a linked row follows the first one). @default false */
  disabled?: boolean;
}

function DigitRow({ legend, value, onPick }: { legend: string; value: number | null; onPick: (digit: number) => void }) {
  return (
    <Stack gap={6} role="group" aria-label={legend}>
      <Text size="xs" fw={800} tt="uppercase" c="dimmed" aria-hidden>
        {legend}
      </Text>
      <SimpleGrid cols={5} spacing={6}>
        {DIGITS.map((digit) => (
          <UnstyledButton key={digit} className={classes.digit} data-selected={value === digit || undefined} aria-pressed={value === digit} onClick={() => onPick(digit)}>
            {digit}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The slot1 and slot2 digits (0–9) of a row. Choosing both digits closes it (document 2,
 * section 4): both chosen since it opened, so changing one digit of a combination leaves it open
 * for the other until the player closes it.
 */
export function CombinationPicker({ label, slot1, slot2, onChange, disabled = false }: CombinationPickerProps) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState({ first: false, second: false });
  const complete = slot1 !== null && slot2 !== null;
  const open = (next: boolean) => {
    setOpened(next);
    if (next) setChosen({ first: false, second: false });
  };
  const pick = (which: 'first' | 'second', digit: number) => {
    const now = { ...chosen, [which]: true };
    setChosen(now);
    onChange(which === 'first' ? digit : slot1, which === 'second' ? digit : slot2);
    if (now.first && now.second) setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={open} position="bottom-start" withArrow trapFocus returnFocus shadow="md" width={260} hideDetached={false}>
      <Popover.Target>
        <Button
          variant={complete ? 'light' : 'default'}
          disabled={disabled}
          onClick={() => open(!opened)}
          aria-label={slot1 === null && slot2 === null ? `Pick ${label.toLowerCase()}` : `${label}: ${slot1 ?? '–'} - ${slot2 ?? '–'}`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          className={classes.combination}
          fullWidth
        >
          {slot1 === null && slot2 === null ? 'Pick' : `${slot1 ?? '–'} - ${slot2 ?? '–'}`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        <Stack gap="sm">
          <DigitRow legend="First digit" value={slot1} onPick={(digit) => pick('first', digit)} />
          <DigitRow legend="Second digit" value={slot2} onPick={(digit) => pick('second', digit)} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
