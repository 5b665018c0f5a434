// The jackpot betting form of the Grand, Major and Minor pages (document 2, sections 2, 4, 5):
// its rows, the quarter rule, the two Link toggles and the CONFIRM checks in the spec's order.
// Pure: the page keeps this state in a reducer and the tests drive it directly.

export type JackpotKind = 'grand' | 'major' | 'minor';

/** The four quarters of a game; overtime is never a jackpot leg. */
export const QUARTERS = [1, 2, 3, 4] as const;

/** Minimum jackpot bet per line, in pesos (document 2, section 9). */
export const JACKPOT_MIN_BET = 10;

/** Quick amounts under every amount input (document 2, section 5). */
export const QUICK_AMOUNTS = [10, 20, 50, 100, 500, 1000] as const;

/** The rows a set starts with: Minor 2 (quarters 1, 2), Major and Grand 3 (quarters 1, 2, 3). */
export const STARTING_QUARTERS: Record<JackpotKind, readonly number[]> = {
  minor: [1, 2],
  major: [1, 2, 3],
  grand: [1, 2, 3],
};

/** Grand's quarters are fixed; Major and Minor players choose theirs, distinct across rows. */
export const quarterIsFixed = (kind: JackpotKind): boolean => kind === 'grand';

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
  | { type: 'reset' };

export function initialJackpotForm(kind: JackpotKind): JackpotForm {
  return {
    rows: STARTING_QUARTERS[kind].map((quarter) => ({ quarter, slot1: null, slot2: null, amount: null })),
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

export function jackpotFormReducer(kind: JackpotKind, form: JackpotForm, action: JackpotFormAction): JackpotForm {
  switch (action.type) {
    case 'quarter': {
      const taken = form.rows.some((row, index) => index !== action.row && row.quarter === action.quarter);
      if (quarterIsFixed(kind) || taken || !(QUARTERS as readonly number[]).includes(action.quarter)) return form;
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
      if (rowFollowsFirst(form, action.row, 'amount')) return form;
      const every = form.linkAmount && action.row === 0;
      return { ...form, rows: form.rows.map((row, index) => (every || index === action.row ? { ...row, amount: action.amount } : row)) };
    }
    case 'linkCombination': {
      const first = form.rows[0];
      if (!action.on || !first) return { ...form, linkCombination: action.on };
      return { ...form, linkCombination: true, rows: form.rows.map((row) => ({ ...row, slot1: first.slot1, slot2: first.slot2 })) };
    }
    case 'linkAmount': {
      const first = form.rows[0];
      if (!action.on || !first) return { ...form, linkAmount: action.on };
      return { ...form, linkAmount: true, rows: form.rows.map((row) => ({ ...row, amount: first.amount })) };
    }
    case 'reset':
      return initialJackpotForm(kind);
  }
}

/** The quarter selector's choices for one row: a quarter another row has chosen is disabled. */
export function quarterChoices(form: JackpotForm, row: number): { quarter: number; disabled: boolean }[] {
  return QUARTERS.map((quarter) => ({
    quarter,
    disabled: form.rows.some((other, index) => index !== row && other.quarter === quarter),
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
  rows: readonly JackpotRow[];
  /** Each row's max in pesos, in row order; null while it is not known. */
  maxes: readonly (number | null)[];
  /** The minimum per line in pesos. */
  minimum: number;
}

/** Grand's CONFIRM texts, verbatim (document 2, section 5). */
export const GRAND_TEXTS = {
  closed: 'Betting is closed for this match',
  incomplete: 'Incomplete form - All fields are required',
  minimum: 'Minimum bet amount required',
  maximum: 'Maximum bet amount exceeded',
} as const;

/** Major's and Minor's CONFIRM texts, verbatim (document 2, section 5). */
export const MAJOR_MINOR_TEXTS = {
  closed: 'BETTING CLOSED',
  allFields: 'ALL FIELDS REQUIRED',
  slot: 'SELECT VALID SLOT NUMBER',
  minimum: 'MINIMUM BET AMOUNT REQUIRED',
  maximum: 'MAXIMUM BET AMOUNT EXCEEDED',
} as const;

const underMinimum = (row: JackpotRow, minimum: number): boolean => row.amount === null || row.amount < minimum;

/**
 * A row's amount is over its max only when the max is known: until it has arrived the server's
 * own limit decides, and it refuses what is beyond it.
 */
const overMax = (row: JackpotRow, max: number | null | undefined): boolean => row.amount !== null && max !== null && max !== undefined && row.amount > max;

/** Grand's four checks in the spec's order; the first failing one's text, or null to place the bet. */
export function checkGrandForm({ closed, rows, maxes, minimum }: JackpotCheck): string | null {
  if (closed) return GRAND_TEXTS.closed;
  if (rows.some((row) => !hasCombination(row))) return GRAND_TEXTS.incomplete;
  if (rows.some((row) => underMinimum(row, minimum))) return GRAND_TEXTS.minimum;
  if (rows.some((row, index) => overMax(row, maxes[index]))) return GRAND_TEXTS.maximum;
  return null;
}

/**
 * Major's and Minor's five checks in the spec's order. "Both an empty slot and an amount under
 * minimum" is read across the form: some row lacks a digit and some row lacks a stake
 * (docs/decisions/072-jackpot-form-reading.md).
 */
export function checkMajorMinorForm({ closed, rows, maxes, minimum }: JackpotCheck): string | null {
  const emptySlot = rows.some((row) => !hasCombination(row));
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
