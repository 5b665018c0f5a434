import { Button, Card, Group, Stack, Text, notify, useEndpointMutation, writeBalance } from '@suwerte/shared';
import { NumberInput } from '@suwerte/shared/number-input';
import { Table } from '@suwerte/shared/pages';
import { LoadFailedLine, StatusText } from '@suwerte/ui';
import { JACKPOT_FLAG, JACKPOT_TEXTS, betSetRows, endingWin, quarterName, sportsEndpoints, type BetSet, type BetSetRow, type JackpotKind } from '@suwerte/contracts/sports';
import { formatPeso } from '@suwerte/money';
import { useState } from 'react';
import { formatBetSetDate } from '../../lib/sports-time';
import { isAttendanceRow } from './jackpot-form';
import { useSlotMaxes } from './use-slot-maxes';
import { JACKPOT_PAGE_TEXTS } from './jackpot-page';

export interface ActiveBetsProps {
  kind: JackpotKind;
  endingId: string;
  /** The last load of the sets failed: the empty text gets a "couldn't load — Retry" line. */
  failed?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
  /** The player's sets on this game; an empty list also after a failed load (spec). */
  sets: readonly BetSet[];
  loading: boolean;
  /** Betting has closed: stakes can no longer change. */
  closed: boolean;
}

interface Editing {
  setId: string;
  /** The new stake of each staked row, in row order; null while an input is empty. */
  amounts: (number | null)[];
}

/**
 * The highest stake a row may have after an edit: what is still available on its slot plus
 * the row's own stake, which that availability already counts as taken.
 */
export const editMaximum = (available: number | null, current: number): number | null => (available === null ? null : available + current);

/** Whether an edit may be sent: only the maximum is checked (document 2, section 5). */
export function checkEdit(amounts: readonly (number | null)[], maxima: readonly (number | null)[]): string | null {
  return amounts.some((amount, index) => {
    const max = maxima[index] ?? null;
    return amount !== null && max !== null && amount > max;
  })
    ? JACKPOT_TEXTS.editMaximum
    : null;
}

function SetRows({ kind, rows, editing, maxima, onAmount }: { kind: JackpotKind; rows: BetSetRow[]; editing: Editing | null; maxima: (number | null)[]; onAmount: (index: number, amount: number | null) => void }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing={6} fz="sm" aria-label="Lines of this bet">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Quarter</Table.Th>
          <Table.Th scope="col">Combo</Table.Th>
          <Table.Th scope="col">Amount</Table.Th>
          <Table.Th scope="col">Win</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => {
          const attendance = isAttendanceRow(kind, index);
          const amount = editing && !attendance ? (editing.amounts[index] ?? null) : row.Amount;
          const max = maxima[index] ?? null;
          return (
            <Table.Tr key={index} data-testid="bet-line">
              <Table.Th scope="row">{quarterName(row.quarter)}</Table.Th>
              <Table.Td fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.slot1} - {row.slot2}
              </Table.Td>
              <Table.Td>
                {editing && !attendance ? (
                  <NumberInput
                    size="xs"
                    w={92}
                    value={amount ?? ''}
                    onChange={(value) => onAmount(index, typeof value === 'number' && Number.isFinite(value) ? value : null)}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    prefix="₱"
                    hideControls
                    inputMode="decimal"
                    error={amount !== null && max !== null && amount > max}
                    aria-label={`New amount for ${quarterName(row.quarter)}`}
                    description={max === null ? undefined : `Max ${formatPeso(max)}`}
                  />
                ) : (
                  <Text span size="sm" data-testid="bet-line-amount">
                    {formatPeso(row.Amount)}
                    {attendance ? ' attendance' : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td c="gold">{attendance || amount === null ? '—' : formatPeso(endingWin(amount))}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function BetSetCard({ kind, endingId, set, editing, closed, busy, onEdit, onChange, onSave, onCancel }: {
  kind: JackpotKind;
  endingId: string;
  set: BetSet;
  editing: Editing | null;
  closed: boolean;
  busy: boolean;
  onEdit: () => void;
  onChange: (index: number, amount: number | null) => void;
  onSave: (maxima: (number | null)[]) => void;
  onCancel: () => void;
}) {
  const rows = betSetRows(set);
  // Maxima are asked for only while this set is being edited.
  const { maxes } = useSlotMaxes(kind, editing ? endingId : null, editing ? rows.map((row, index) => (isAttendanceRow(kind, index) ? { slot1: null, slot2: null, quarter: row.quarter } : row)) : []);
  const maxima = rows.map((row, index) => editMaximum(maxes[index] ?? null, row.Amount));
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={`Bet of ${formatBetSetDate(set.createdAt)}`} data-testid="bet-set">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700} data-testid="bet-set-date">
            {formatBetSetDate(set.createdAt)}
          </Text>
          {editing ? (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" onClick={() => onSave(maxima)} loading={busy}>
                SAVE
              </Button>
              <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
                CANCEL
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="outline" onClick={onEdit} disabled={closed}>
              EDIT
            </Button>
          )}
        </Group>
        <SetRows kind={kind} rows={rows} editing={editing} maxima={maxima} onAmount={onChange} />
      </Stack>
    </Card>
  );
}

/** The Active Bets tab: each set with its date and EDIT → SAVE / CANCEL (document 2, sections 2 and 4). */
export function ActiveBets({ kind, endingId, sets, loading, closed, failed = false, onRetry, retrying = false }: ActiveBetsProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const update = useEndpointMutation(sportsEndpoints.updateJackpotBet);

  if (loading) return <StatusText loading>{JACKPOT_PAGE_TEXTS.fetchingBets}</StatusText>;
  if (sets.length === 0) {
    return (
      <>
        <StatusText>{JACKPOT_PAGE_TEXTS.noActiveBets}</StatusText>
        {/* A failed load must not read as "you have no bets". */}
        {failed && onRetry && <LoadFailedLine onRetry={onRetry} retrying={retrying} />}
      </>
    );
  }

  async function save(set: BetSet, maxima: (number | null)[]) {
    if (!editing) return;
    const refusal = checkEdit(editing.amounts, maxima);
    if (refusal) {
      void notify({ kind: 'error', message: refusal });
      return;
    }
    const rows = betSetRows(set).filter((_, index) => !isAttendanceRow(kind, index));
    try {
      const answer = await update.mutateAsync({
        params: { id: set._id },
        body: {
          bets: [rows.map((row, index) => ({ Amount: editing.amounts[index] ?? 0, jackpot: JACKPOT_FLAG[kind], slot1: row.slot1, slot2: row.slot2, quarter: row.quarter }))],
        },
      });
      void notify({ kind: 'success', message: JACKPOT_TEXTS.updated });
      setEditing(null);
      // A changed stake moved money: the balance it carries, at once (the list refetches through `invalidates`).
      writeBalance(answer.Balance);
    } catch (error) {
      void notify({ kind: 'error', title: JACKPOT_PAGE_TEXTS.updateFailed, message: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <Stack gap="sm">
      {sets.map((set) => {
        const mine = editing?.setId === set._id ? editing : null;
        return (
          <BetSetCard
            key={set._id}
            kind={kind}
            endingId={endingId}
            set={set}
            editing={mine}
            closed={closed}
            busy={update.isPending}
            onEdit={() => setEditing({ setId: set._id, amounts: betSetRows(set).map((row) => row.Amount) })}
            onChange={(index, amount) => setEditing((current) => (current ? { ...current, amounts: current.amounts.map((value, at) => (at === index ? amount : value)) } : current))}
            onSave={(maxima) => void save(set, maxima)}
            onCancel={() => setEditing(null)}
          />
        );
      })}
    </Stack>
  );
}
