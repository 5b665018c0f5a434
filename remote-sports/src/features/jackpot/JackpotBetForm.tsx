import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, notify, useEndpointMutation, writeBalance } from '@suwerte/shared';
import { SegmentedControl, Switch } from '@suwerte/shared/forms';
import { JACKPOT_ATTENDANCE, JACKPOT_FLAG, JACKPOT_MIN_BET, JACKPOT_TEXTS, endingWin, openQuarters, quarterName, sportsEndpoints, type GrandBetRequest, type JackpotBetRequest, type JackpotBetResponse, type JackpotKind, type ScheduledGame } from '@suwerte/contracts/sports';
import { formatPeso } from '@suwerte/money';
import { useEffect, useReducer, useRef, useState } from 'react';
import { AmountInput, QuickAmounts } from './AmountField';
import { CombinationPicker } from './CombinationPicker';
import {
  amountIsEditable,
  amountState,
  checkJackpotForm,
  initialJackpotForm,
  isAttendanceRow,
  jackpotFormReducer,
  quarterChoices,
  quarterIsFixed,
  rowFollowsFirst,
  stakedRows,
  type JackpotForm,
  type JackpotRow,
} from './jackpot-form';
import { useSlotMaxes } from './use-slot-maxes';
import { JACKPOT_PAGE_TEXTS, SUBMIT_REENABLE_MS } from './jackpot-page';

export interface JackpotBetFormProps {
  kind: JackpotKind;
  game: ScheduledGame;
  /** Whether this page's betting has closed (the shared closing rules). */
  closed: boolean;
  /** The Grand's CARD button: opens the max-bet grid. */
  onShowCard?: () => void;
}

/** The minimum per line: the game's `Endingmin`, never below the spec's ₱10. */
export const minimumOf = (game: Pick<ScheduledGame, 'Endingmin'>): number => Math.max(JACKPOT_MIN_BET, game.Endingmin);

type CompleteRow = JackpotRow & { slot1: number; slot2: number; amount: number };

/** A line of the place-bet call (the spec's client bet row: Amount, jackpot, slot1, slot2, quarter, max). */
function line<Flag extends number>(row: CompleteRow, jackpot: Flag, max: number | null) {
  return { Amount: row.amount, jackpot, slot1: row.slot1, slot2: row.slot2, quarter: row.quarter, ...(max === null ? {} : { max }) };
}

/** The body of a place-bet call, from a form the checks have passed. */
function grandBody(rows: readonly CompleteRow[], maxes: readonly (number | null)[], GameId: string): GrandBetRequest | null {
  const [q1, q2, q3, grandLine] = rows.map((row, index) => line(row, JACKPOT_FLAG.grand, maxes[index] ?? null));
  if (!q1 || !q2 || !q3 || !grandLine) return null;
  return { bets: [q1, q2, q3, { ...grandLine, Amount: JACKPOT_ATTENDANCE }], GameId };
}

function majorMinorBody(kind: 'major' | 'minor', rows: readonly CompleteRow[], maxes: readonly (number | null)[], GameId: string): JackpotBetRequest {
  return {
    bets: rows.map((row, index) => line(row, JACKPOT_FLAG[kind], maxes[index] ?? null)),
    GameId,
  };
}

const isComplete = (row: JackpotRow): row is CompleteRow => row.slot1 !== null && row.slot2 !== null && row.amount !== null;

function RowFields({
  kind,
  form,
  index,
  open,
  minimum,
  max,
  dispatch,
}: {
  kind: JackpotKind;
  form: JackpotForm;
  index: number;
  open: readonly number[];
  minimum: number;
  max: number | null;
  dispatch: (action: Parameters<typeof jackpotFormReducer>[2]) => void;
}) {
  const row = form.rows[index];
  if (!row) return null;
  const attendance = isAttendanceRow(kind, index);
  const editable = amountIsEditable(kind, form, index);
  const name = attendance ? 'Grand Jackpot line' : `Row ${index + 1}`;
  const where = `${quarterName(row.quarter)}`;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`${name}, ${where}`} data-testid="jackpot-row">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={800} size="sm">
            {name}
          </Text>
          {quarterIsFixed(kind) ? (
            <Badge variant="light" size="lg">
              {where}
            </Badge>
          ) : (
            <SegmentedControl
              size="xs"
              value={String(row.quarter)}
              onChange={(value) => dispatch({ type: 'quarter', row: index, quarter: Number(value) })}
              data={quarterChoices(form, index, open).map(({ quarter, disabled }) => ({ value: String(quarter), label: quarterName(quarter), disabled }))}
              aria-label={`Quarter for row ${index + 1}`}
            />
          )}
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={700} aria-hidden>
              Combination
            </Text>
            <CombinationPicker
              label={`Combination for ${where}`}
              slot1={row.slot1}
              slot2={row.slot2}
              disabled={rowFollowsFirst(form, index, 'combination')}
              onChange={(slot1, slot2) => dispatch({ type: 'combination', row: index, slot1, slot2 })}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={700} aria-hidden>
              Amount
            </Text>
            {attendance ? (
              <Text fw={800} py={6} data-testid="attendance-amount">
                {formatPeso(JACKPOT_ATTENDANCE)} attendance
              </Text>
            ) : (
              <AmountInput
                label={`Amount for ${where}`}
                amount={row.amount}
                minimum={minimum}
                state={amountState(row.amount, minimum, max)}
                disabled={!editable}
                onChange={(amount) => dispatch({ type: 'amount', row: index, amount })}
              />
            )}
          </Stack>
        </SimpleGrid>
        {!attendance && (
          <QuickAmounts label={`Quick amounts for ${where}`} amount={row.amount} disabled={!editable} onPick={(amount) => dispatch({ type: 'amount', row: index, amount })} />
        )}
        {!attendance && (
          <Group gap="lg" data-testid="row-figures">
            <Text size="sm">
              Max{' '}
              <Text span fw={800} data-testid="row-max">
                {max === null ? '—' : formatPeso(max)}
              </Text>
            </Text>
            <Text size="sm">
              Win{' '}
              <Text span fw={800} c="gold" data-testid="row-win">
                {/* No Win for a stake the row refuses (over its max or under the minimum). */}
                {row.amount === null || amountState(row.amount, minimum, max) !== 'ok' ? '—' : formatPeso(endingWin(row.amount))}
              </Text>
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The Betting tab of a jackpot page: one row per line (quarter, combination, amount, Max, Win),
 * Link Combination and Link Amount, and CONFIRM with the spec's checks in order.
 */
export function JackpotBetForm({ kind, game, closed, onShowCard }: JackpotBetFormProps) {
  const open = openQuarters(game.EndingBettingStatus);
  const [form, dispatch] = useReducer(
    (state: JackpotForm, action: Parameters<typeof jackpotFormReducer>[2]) => jackpotFormReducer(kind, state, action),
    open,
    (quarters) => initialJackpotForm(kind, quarters),
  );
  const minimum = minimumOf(game);
  const endingId = game.Ending._id;
  // The Grand Jackpot line stakes the fixed ₱5: no max to ask for.
  const { maxes, forget } = useSlotMaxes(
    kind,
    endingId,
    form.rows.map((row, index) => (isAttendanceRow(kind, index) ? { ...row, slot1: null, slot2: null } : row)),
  );
  const [submitting, setSubmitting] = useState(false);
  const reenable = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reenable.current), []);

  const grand = useEndpointMutation(sportsEndpoints.placeGrandBet);
  const majorMinor = useEndpointMutation(sportsEndpoints.placeJackpotBet);

  const staked = stakedRows(kind, form.rows);
  const stakedMaxes = maxes.filter((_, index) => !isAttendanceRow(kind, index));
  const stakes = staked.reduce((sum, row) => sum + (row.amount ?? 0), 0);
  // Before any stake there is no entry to total: the attendance alone is not a total.
  const total = stakes > 0 ? stakes + JACKPOT_ATTENDANCE : null;

  async function confirm() {
    const refusal = checkJackpotForm(kind, { closed, rows: staked, combinations: form.rows, maxes: stakedMaxes, minimum });
    if (refusal) {
      void notify({ kind: 'error', message: refusal });
      return;
    }
    const rows = form.rows.map((row, index) => (isAttendanceRow(kind, index) ? { ...row, amount: JACKPOT_ATTENDANCE } : row));
    if (!rows.every(isComplete)) return;
    setSubmitting(true);
    try {
      let answer: JackpotBetResponse;
      if (kind === 'grand') {
        const body = grandBody(rows, maxes, endingId);
        if (!body) return;
        answer = await grand.mutateAsync({ body });
      } else {
        answer = await majorMinor.mutateAsync({ body: majorMinorBody(kind, rows, maxes, endingId) });
      }
      void notify({ kind: 'success', message: JACKPOT_TEXTS.placed });
      dispatch({ type: 'reset', open });
      forget();
      // The balance the answer carries, at once; the bet list reloads through the endpoint's `invalidates`.
      writeBalance(answer.Balance);
    } catch (error) {
      void notify({ kind: 'error', title: JACKPOT_PAGE_TEXTS.failed, message: error instanceof Error ? error.message : undefined });
    } finally {
      reenable.current = setTimeout(() => setSubmitting(false), SUBMIT_REENABLE_MS);
    }
  }

  return (
    <Stack gap="md">
      {closed && (
        <Text c="red.4" fw={700} role="note" data-testid="betting-closed-note">
          Betting has closed for this jackpot. Your bets stay under Active Bets.
        </Text>
      )}
      <Group gap="lg">
        <Switch label="Link Combination" checked={form.linkCombination} onChange={(event) => dispatch({ type: 'linkCombination', on: event.currentTarget.checked })} />
        <Switch label="Link Amount" checked={form.linkAmount} onChange={(event) => dispatch({ type: 'linkAmount', on: event.currentTarget.checked })} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: kind === 'minor' ? 2 : form.rows.length > 3 ? 2 : 3 }} spacing="sm">
        {form.rows.map((row, index) => (
          <RowFields key={index} kind={kind} form={form} index={index} open={open} minimum={minimum} max={maxes[index] ?? null} dispatch={dispatch} />
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm">
          Total{' '}
          <Text span fw={800} data-testid="jackpot-total">
            {total === null ? '—' : formatPeso(total)}
          </Text>{' '}
          <Text span c="dimmed" size="xs">
            {total === null ? `${formatPeso(JACKPOT_ATTENDANCE)} attendance is added per entry` : `incl. ${formatPeso(JACKPOT_ATTENDANCE)} attendance`}
          </Text>
        </Text>
        <Group gap="sm" wrap="nowrap" style={{ flexGrow: 1, justifyContent: 'flex-end' }}>
          {onShowCard && (
            <Button variant="outline" onClick={onShowCard}>
              CARD
            </Button>
          )}
          <Button onClick={() => void confirm()} disabled={submitting} loading={grand.isPending || majorMinor.isPending} miw={160}>
            CONFIRM
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
