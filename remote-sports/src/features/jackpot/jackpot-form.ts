// The jackpot betting form of the Grand, Major and Minor pages (document 2, sections 2, 4, 5):
// its rows, the quarter rule, the two Link toggles and the CONFIRM checks in the spec's order.
// Pure: the page keeps this state in a reducer and the tests drive it directly.
import { JACKPOT_ATTENDANCE, JACKPOT_STAKED_LINES, JACKPOT_TEXTS, QUARTERS, type JackpotKind } from '@suwerte/contracts/sports';
import { JACKPOT_DEFAULT_QUARTERS } from './jackpot-page';

/** The Grand's fourth line (Q4): the Grand Jackpot line, its amount the ₱5 attendance (decision 062). */
export const isAttendanceRow = (kind: JackpotKind, row: number): boolean => kind === 'grand' && row === JACKPOT_STAKED_LINES.grand;

/** Grand's quarters are fixed; Major and Minor players choose theirs, distinct across rows. */
export const quarterIsFixed = (kind: JackpotKind): boolean => kind === 'grand';

const ALL_QUARTERS = Array.from({ length: QUARTERS }, (_, index) => index + 1);

export interface JackpotRow {
  quarter: number;
  /** First digit of the combination, 0–9; null until chosen. */
  slot1: number | null;
  /** Second digit, 0–9; null until chosen. */
  slot2: number | null;
  /** Stake in pesos; null while the input is empty. */
  amount: number | null;
}

export interface JackpotForm {
  rows: JackpotRow[];
  /** While on, every row has the first row's combination. */
  linkCombination: boolean;
  /** While on, every row has the first row's amount. */
  linkAmount: boolean;
}

export type JackpotFormAction =
  | { type: 'quarter'; row: number; quarter: number }
  | { type: 'combination'; row: number; slot1: number | null; slot2: number | null }
  | { type: 'amount'; row: number; amount: number | null }
  | { type: 'linkCombination'; on: boolean }
  | { type: 'linkAmount'; on: boolean }
  | { type: 'reset'; open?: readonly number[] };

/**
 * A fresh form: Minor quarters 1, 2 and Major 1, 2, 3 — or, once a game is under way, its first
 * quarters still open — and the Grand's fixed Q1–Q3 with the Grand Jackpot line (Q4, ₱5).
 */
export function initialJackpotForm(kind: JackpotKind, open: readonly number[] = ALL_QUARTERS): JackpotForm {
  const starting: readonly number[] = JACKPOT_DEFAULT_QUARTERS[kind];
  const quarters = !quarterIsFixed(kind) && open.length >= starting.length ? open.slice(0, starting.length) : starting;
  return {
    rows: quarters.map((quarter, index) => ({ quarter, slot1: null, slot2: null, amount: isAttendanceRow(kind, index) ? JACKPOT_ATTENDANCE : null })),
    linkCombination: false,
    linkAmount: false,
  };
}

const isDigit = (value: number | null): boolean => value === null || (Number.isInteger(value) && value >= 0 && value <= 9);

/**
 * A row's entry can be edited when nothing links it to the first row: while a Link toggle is
 * on, the other rows follow the first one and their inputs are read-only.
 */
export function rowFollowsFirst(form: JackpotForm, row: number, part: 'combination' | 'amount'): boolean {
  return row > 0 && (part === 'combination' ? form.linkCombination : form.linkAmount);
}

/** Whether a row's amount input takes input: not the Grand Jackpot line (fixed ₱5), not a linked row. */
export const amountIsEditable = (kind: JackpotKind, form: JackpotForm, row: number): boolean =>
  !isAttendanceRow(kind, row) && !rowFollowsFirst(form, row, 'amount');

export function jackpotFormReducer(kind: JackpotKind, form: JackpotForm, action: JackpotFormAction): JackpotForm {
  switch (action.type) {
    case 'quarter': {
      const taken = form.rows.some((row, index) => index !== action.row && row.quarter === action.quarter);
      if (quarterIsFixed(kind) || taken || !ALL_QUARTERS.includes(action.quarter)) return form;
      return { ...form, rows: form.rows.map((row, index) => (index === action.row ? { ...row, quarter: action.quarter } : row)) };
    }
    case 'combination': {
      if (!isDigit(action.slot1) || !isDigit(action.slot2) || rowFollowsFirst(form, action.row, 'combination')) return form;
      const every = form.linkCombination && action.row === 0;
      return {
        ...form,
        rows: form.rows.map((row, index) => (every || index === action.row ? { ...row, slot1: action.slot1, slot2: action.slot2 } : row)),
      };
    }
    case 'amount': {
      if (!amountIsEditable(kind, form, action.row)) return form;
      const every = form.linkAmount && action.row === 0;
      return {
        ...form,
        rows: form.rows.map((row, index) => ((every && !isAttendanceRow(kind, index)) || index === action.row ? { ...row, amount: action.amount } : row)),
      };
    }
    case 'linkCombination': {
      const first = form.rows[0];
      if (!action.on || !first) return { ...form, linkCombination: action.on };
      return { ...form, linkCombination: true, rows: form.rows.map((row) => ({ ...row, slot1: first.slot1, slot2: first.slot2 })) };
    }
    case 'linkAmount': {
      const first = form.rows[0];
      if (!action.on || !first) return { ...form, linkAmount: action.on };
      return { ...form, linkAmount: true, rows: form.rows.map((row, index) => (isAttendanceRow(kind, index) ? row : { ...row, amount: first.amount })) };
    }
    case 'reset':
      return initialJackpotForm(kind, action.open);
  }
}

/**
 * The quarter selector's choices for one row: a quarter another row has chosen is disabled, and
 * so is one whose betting has closed (the game is past it).
 */
export function quarterChoices(form: JackpotForm, row: number, open: readonly number[] = ALL_QUARTERS): { quarter: number; disabled: boolean }[] {
  return ALL_QUARTERS.map((quarter) => ({
    quarter,
    disabled: !open.includes(quarter) || form.rows.some((other, index) => index !== row && other.quarter === quarter),
  }));
}

export const hasCombination = (row: JackpotRow): row is JackpotRow & { slot1: number; slot2: number } => row.slot1 !== null && row.slot2 !== null;

/** How an amount input reads: red (`under`/`over`) beyond the row's max or under the minimum. */
export type AmountState = 'empty' | 'under' | 'over' | 'ok';

export function amountState(amount: number | null, minimum: number, max: number | null): AmountState {
  if (amount === null) return 'empty';
  if (amount < minimum) return 'under';
  if (max !== null && amount > max) return 'over';
  return 'ok';
}

export interface JackpotCheck {
  /** Whether betting on this game is closed for this page (the shared closing rules decide). */
  closed: boolean;
  /** The staked rows (the Grand Jackpot line's slots are checked through `combinations`). */
  rows: readonly JackpotRow[];
  /** Every line whose combination is required, the Grand Jackpot line included. @default rows */
  combinations?: readonly JackpotRow[];
  /** Each row's max in pesos, in row order; null while it is not known. */
  maxes: readonly (number | null)[];
  /** The minimum per line in pesos. */
  minimum: number;
}

/** Grand's CONFIRM texts, verbatim (document 2, section 5), in check order. */
export const GRAND_TEXTS = {
  closed: JACKPOT_TEXTS.grandClosed,
  incomplete: JACKPOT_TEXTS.grandIncomplete,
  minimum: JACKPOT_TEXTS.grandMinimum,
  maximum: JACKPOT_TEXTS.grandMaximum,
} as const;

/** Major's and Minor's CONFIRM texts, verbatim (document 2, section 5), in check order. */
export const MAJOR_MINOR_TEXTS = {
  closed: JACKPOT_TEXTS.closed,
  allFields: JACKPOT_TEXTS.allFieldsRequired,
  slot: JACKPOT_TEXTS.invalidSlot,
  minimum: JACKPOT_TEXTS.minimum,
  maximum: JACKPOT_TEXTS.maximum,
} as const;

const underMinimum = (row: JackpotRow, minimum: number): boolean => row.amount === null || row.amount < minimum;

/**
 * A row's amount is over its max only when the max is known: until it has arrived the server's
 * own limit decides, and it refuses what is beyond it.
 */
const overMax = (row: JackpotRow, max: number | null | undefined): boolean => row.amount !== null && max !== null && max !== undefined && row.amount > max;

/** Grand's four checks in the spec's order; the first failing one's text, or null to place the bet. */
export function checkGrandForm({ closed, rows, combinations = rows, maxes, minimum }: JackpotCheck): string | null {
  if (closed) return GRAND_TEXTS.closed;
  if (combinations.some((row) => !hasCombination(row))) return GRAND_TEXTS.incomplete;
  if (rows.some((row) => underMinimum(row, minimum))) return GRAND_TEXTS.minimum;
  if (rows.some((row, index) => overMax(row, maxes[index]))) return GRAND_TEXTS.maximum;
  return null;
}

/**
 * Major's and Minor's five checks in the spec's order. "Both an empty slot and an amount under
 * minimum" is read across the form: some row lacks a digit and some row lacks a stake
 * (docs/decisions/072-jackpot-form-reading.md).
 */
export function checkMajorMinorForm({ closed, rows, combinations = rows, maxes, minimum }: JackpotCheck): string | null {
  const emptySlot = combinations.some((row) => !hasCombination(row));
  const lowAmount = rows.some((row) => underMinimum(row, minimum));
  if (closed) return MAJOR_MINOR_TEXTS.closed;
  if (emptySlot && lowAmount) return MAJOR_MINOR_TEXTS.allFields;
  if (emptySlot) return MAJOR_MINOR_TEXTS.slot;
  if (lowAmount) return MAJOR_MINOR_TEXTS.minimum;
  if (rows.some((row, index) => overMax(row, maxes[index]))) return MAJOR_MINOR_TEXTS.maximum;
  return null;
}

export function checkJackpotForm(kind: JackpotKind, check: JackpotCheck): string | null {
  return kind === 'grand' ? checkGrandForm(check) : checkMajorMinorForm(check);
}

/** The rows a player stakes (Amount, Amounttwo, Amountthree): all but the Grand Jackpot line. */
export const stakedRows = (kind: JackpotKind, rows: readonly JackpotRow[]): JackpotRow[] => rows.filter((_, index) => !isAttendanceRow(kind, index));
