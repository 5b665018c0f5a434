import { Modal } from '@suwerte/shared/overlays';
import { SegmentedControl } from '@suwerte/shared/forms';
import { Stack, Text, useEndpointQuery, useMediaQuery } from '@suwerte/shared';
import { Table } from '@suwerte/shared/pages';
import { StatusText } from '@suwerte/ui';
import { QUARTERS, quarterName, sportsEndpoints } from '@suwerte/contracts/sports';
import { useState } from 'react';
import classes from './MaxBetGridDialog.module.css';

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * A cell's amount in at most four characters, so ten columns fit a phone: every whole peso up to
 * 9999 as it is (1985, not a rounded-down '1.9k'), then thousands rounded down, 15k — never more
 * than is there (docs/decisions/074-card-grid.md, 192). The exact amount is the cell's title.
 */
export function compactPesos(amount: number): string {
  if (amount < 10_000) return String(Math.floor(amount));
  return `${Math.floor(amount / 1000)}k`;
}

export interface MaxBetGridDialogProps {
  opened: boolean;
  onClose: () => void;
  endingId: string;
}

/**
 * The Grand's CARD: what is still available on every combination, first digit down, second
 * digit across, one quarter at a time (`GET monitoringnew/available/{endingId}`).
 */
export function MaxBetGridDialog({ opened, onClose, endingId }: MaxBetGridDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [quarter, setQuarter] = useState(1);
  const grid = useEndpointQuery(sportsEndpoints.availabilityGrid, { params: { endingId }, enabled: opened, staleTime: 0 });
  return (
    <Modal opened={opened} onClose={onClose} title="Max Bet Card" fullScreen={phone} size="lg" centered={!phone} closeButtonProps={{ 'aria-label': 'Close Max Bet Card' }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Still available per combination, in pesos: first digit down, second digit across.
        </Text>
        <SegmentedControl
          fullWidth
          value={String(quarter)}
          onChange={(value) => setQuarter(Number(value))}
          data={Array.from({ length: QUARTERS }, (_, index) => ({ value: String(index + 1), label: quarterName(index + 1) }))}
          aria-label="Quarter"
        />
        {grid.isPending ? (
          <StatusText loading>Fetching data</StatusText>
        ) : !grid.data || grid.data.length === 0 ? (
          <StatusText>NO DATA FOUND</StatusText>
        ) : (
          <div className={classes.scroll}>
            <Table className={classes.grid} withTableBorder withColumnBorders aria-label={`Max bet per combination, ${quarterName(quarter)}`} data-testid="max-bet-grid">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" className={classes.corner}>
                    <span className="visually-hidden">First digit</span>
                  </Table.Th>
                  {DIGITS.map((second) => (
                    <Table.Th key={second} scope="col">
                      {second}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {DIGITS.map((first) => (
                  <Table.Tr key={first}>
                    <Table.Th scope="row">{first}</Table.Th>
                    {DIGITS.map((second) => {
                      const amount = grid.data[first]?.[second]?.[quarter - 1];
                      return (
                        <Table.Td key={second} title={amount === undefined ? undefined : `${first}-${second}: ₱${amount}`} data-empty={amount === 0 || undefined}>
                          {amount === undefined ? '—' : compactPesos(amount)}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Modal>
  );
}
