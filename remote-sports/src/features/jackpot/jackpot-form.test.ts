// @vitest-environment node
import { JACKPOT_MIN_BET, type JackpotKind } from '@suwerte/contracts/sports';
import {
  GRAND_TEXTS,
  MAJOR_MINOR_TEXTS,
  amountIsEditable,
  amountState,
  checkGrandForm,
  checkJackpotForm,
  checkMajorMinorForm,
  initialJackpotForm,
  jackpotFormReducer,
  quarterChoices,
  rowFollowsFirst,
  stakedRows,
  type JackpotForm,
  type JackpotFormAction,
  type JackpotRow,
} from './jackpot-form';

const row = (quarter: number, slot1: number | null, slot2: number | null, amount: number | null): JackpotRow => ({ quarter, slot1, slot2, amount });

function apply(kind: JackpotKind, ...actions: JackpotFormAction[]): JackpotForm {
  return actions.reduce((form, action) => jackpotFormReducer(kind, form, action), initialJackpotForm(kind));
}

describe('the jackpot form', () => {
  it('starts with Minor 2 rows (quarters 1, 2) and Major and Grand 3 staked rows (quarters 1, 2, 3)', () => {
    expect(initialJackpotForm('minor').rows).toEqual([row(1, null, null, null), row(2, null, null, null)]);
    expect(initialJackpotForm('major').rows.map((r) => r.quarter)).toEqual([1, 2, 3]);
    const grand = initialJackpotForm('grand');
    expect(stakedRows('grand', grand.rows).map((r) => r.quarter)).toEqual([1, 2, 3]);
    // …plus the Grand Jackpot line: Q4, the ₱5 attendance.
    expect(grand.rows[3]).toEqual(row(4, null, null, 5));
    expect(stakedRows('major', initialJackpotForm('major').rows)).toHaveLength(3);
  });

  it('starts a game under way on its first quarters still open', () => {
    expect(initialJackpotForm('minor', [3, 4]).rows.map((r) => r.quarter)).toEqual([3, 4]);
    expect(initialJackpotForm('major', [2, 3, 4]).rows.map((r) => r.quarter)).toEqual([2, 3, 4]);
    // Too few open quarters: the usual rows (CONFIRM then says the game is closed).
    expect(initialJackpotForm('major', [4]).rows.map((r) => r.quarter)).toEqual([1, 2, 3]);
    expect(initialJackpotForm('grand', [2, 3, 4]).rows.map((r) => r.quarter)).toEqual([1, 2, 3, 4]);
  });

  describe('quarter exclusivity', () => {
    it("disables in each row's selector the quarters the other rows have chosen", () => {
      const form = initialJackpotForm('major');
      expect(quarterChoices(form, 0)).toEqual([
        { quarter: 1, disabled: false },
        { quarter: 2, disabled: true },
        { quarter: 3, disabled: true },
        { quarter: 4, disabled: false },
      ]);
      const moved = apply('major', { type: 'quarter', row: 2, quarter: 4 });
      expect(moved.rows.map((r) => r.quarter)).toEqual([1, 2, 4]);
      expect(quarterChoices(moved, 0).filter((choice) => choice.disabled).map((choice) => choice.quarter)).toEqual([2, 4]);
      expect(quarterChoices(moved, 1).filter((choice) => choice.disabled).map((choice) => choice.quarter)).toEqual([1, 4]);
    });

    it('disables the quarters whose betting has closed', () => {
      const form = initialJackpotForm('minor', [3, 4]);
      expect(quarterChoices(form, 0, [3, 4])).toEqual([
        { quarter: 1, disabled: true },
        { quarter: 2, disabled: true },
        { quarter: 3, disabled: false },
        { quarter: 4, disabled: true },
      ]);
    });

    it('refuses a quarter another row holds, and one that is not Q1–Q4', () => {
      const form = initialJackpotForm('minor');
      expect(jackpotFormReducer('minor', form, { type: 'quarter', row: 0, quarter: 2 })).toBe(form);
      expect(jackpotFormReducer('minor', form, { type: 'quarter', row: 0, quarter: 5 })).toBe(form);
      expect(apply('minor', { type: 'quarter', row: 0, quarter: 3 }).rows.map((r) => r.quarter)).toEqual([3, 2]);
    });

    it("keeps Grand's quarters fixed", () => {
      const form = initialJackpotForm('grand');
      expect(jackpotFormReducer('grand', form, { type: 'quarter', row: 2, quarter: 4 })).toBe(form);
    });
  });

  describe('Link Combination', () => {
    it("copies the first row's combination to every row, and keeps them following it", () => {
      const linked = apply('major', { type: 'combination', row: 0, slot1: 4, slot2: 7 }, { type: 'linkCombination', on: true });
      expect(linked.rows.map((r) => [r.slot1, r.slot2])).toEqual([
        [4, 7],
        [4, 7],
        [4, 7],
      ]);
      const changed = jackpotFormReducer('major', linked, { type: 'combination', row: 0, slot1: 1, slot2: 2 });
      expect(changed.rows.map((r) => [r.slot1, r.slot2])).toEqual([
        [1, 2],
        [1, 2],
        [1, 2],
      ]);
      // The other rows are read-only while linked.
      expect(rowFollowsFirst(changed, 1, 'combination')).toBe(true);
      expect(jackpotFormReducer('major', changed, { type: 'combination', row: 1, slot1: 9, slot2: 9 })).toBe(changed);
      // The amounts are untouched.
      expect(changed.rows.map((r) => r.amount)).toEqual([null, null, null]);
    });

    it('lets every row be chosen again once it is off, starting from the copied entry', () => {
      const unlinked = apply(
        'minor',
        { type: 'combination', row: 0, slot1: 3, slot2: 0 },
        { type: 'linkCombination', on: true },
        { type: 'linkCombination', on: false },
        { type: 'combination', row: 1, slot1: 5, slot2: 5 },
      );
      expect(unlinked.rows.map((r) => [r.slot1, r.slot2])).toEqual([
        [3, 0],
        [5, 5],
      ]);
    });
  });

  describe('Link Amount', () => {
    it("copies the first row's amount to every staked row, and keeps them following it", () => {
      const linked = apply('major', { type: 'amount', row: 0, amount: 50 }, { type: 'amount', row: 2, amount: 20 }, { type: 'linkAmount', on: true });
      expect(linked.rows.map((r) => r.amount)).toEqual([50, 50, 50]);
      const changed = jackpotFormReducer('major', linked, { type: 'amount', row: 0, amount: 100 });
      expect(changed.rows.map((r) => r.amount)).toEqual([100, 100, 100]);
      expect(amountIsEditable('major', changed, 1)).toBe(false);
      expect(jackpotFormReducer('major', changed, { type: 'amount', row: 1, amount: 10 })).toBe(changed);
      expect(changed.rows.map((r) => [r.slot1, r.slot2])).toEqual([
        [null, null],
        [null, null],
        [null, null],
      ]);
    });

    it("never touches the Grand Jackpot line's ₱5", () => {
      const grand = apply('grand', { type: 'amount', row: 0, amount: 50 }, { type: 'linkAmount', on: true }, { type: 'amount', row: 0, amount: 70 });
      expect(grand.rows.map((r) => r.amount)).toEqual([70, 70, 70, 5]);
      expect(amountIsEditable('grand', initialJackpotForm('grand'), 3)).toBe(false);
      expect(apply('grand', { type: 'amount', row: 3, amount: 100 }).rows[3]?.amount).toBe(5);
    });

    it('leaves the other rows as they are once it is off', () => {
      const form = apply('minor', { type: 'amount', row: 0, amount: 20 }, { type: 'linkAmount', on: true }, { type: 'linkAmount', on: false }, { type: 'amount', row: 0, amount: 30 });
      expect(form.rows.map((r) => r.amount)).toEqual([30, 20]);
    });
  });

  it("Link Combination gives the Grand Jackpot line the first row's combination too", () => {
    const grand = apply('grand', { type: 'combination', row: 0, slot1: 8, slot2: 1 }, { type: 'linkCombination', on: true });
    expect(grand.rows.map((r) => `${r.slot1}${r.slot2}`)).toEqual(['81', '81', '81', '81']);
  });

  it('refuses a digit outside 0–9 and resets to the starting rows', () => {
    const form = apply('minor', { type: 'combination', row: 0, slot1: 10, slot2: 1 });
    expect(form.rows[0]?.slot1).toBeNull();
    const filled = apply('minor', { type: 'combination', row: 0, slot1: 1, slot2: 2 }, { type: 'amount', row: 1, amount: 10 }, { type: 'linkAmount', on: true });
    expect(jackpotFormReducer('minor', filled, { type: 'reset' })).toEqual(initialJackpotForm('minor'));
  });

  it('reads an amount red under the minimum or over the max, never while empty', () => {
    expect(amountState(null, 10, 100)).toBe('empty');
    expect(amountState(9, 10, 100)).toBe('under');
    expect(amountState(10, 10, 100)).toBe('ok');
    expect(amountState(100, 10, 100)).toBe('ok');
    expect(amountState(101, 10, 100)).toBe('over');
    expect(amountState(5000, 10, null)).toBe('ok');
    expect(amountState(10, 10, 0)).toBe('over');
  });
});

describe('CONFIRM checks', () => {
  const complete = [row(1, 1, 2, 10), row(2, 3, 4, 20), row(3, 5, 6, 30)];
  const maxes = [100, 100, 100];
  const check = (rows: JackpotRow[], options: { closed?: boolean; maxes?: (number | null)[] } = {}) => ({
    closed: options.closed ?? false,
    rows,
    maxes: options.maxes ?? maxes,
    minimum: JACKPOT_MIN_BET,
  });

  describe('Grand, in the spec order', () => {
    it('1. a closed game says so before anything else', () => {
      expect(checkGrandForm(check([row(1, null, null, null)], { closed: true }))).toBe('Betting is closed for this match');
    });
    it('2. any empty slot: the form is incomplete, even with amounts missing too', () => {
      expect(checkGrandForm(check([row(1, 1, null, 50), ...complete.slice(1)]))).toBe('Incomplete form - All fields are required');
      expect(checkGrandForm(check([row(1, null, 2, null), ...complete.slice(1)]))).toBe(GRAND_TEXTS.incomplete);
    });
    it('2. counts the Grand Jackpot line among the slots', () => {
      const line = row(4, 1, null, 5);
      expect(checkGrandForm({ ...check(complete), combinations: [...complete, line] })).toBe(GRAND_TEXTS.incomplete);
      expect(checkGrandForm({ ...check(complete), combinations: [...complete, row(4, 1, 2, 5)] })).toBeNull();
    });
    it('3. any amount below 10 (or empty)', () => {
      expect(checkGrandForm(check([row(1, 1, 2, 9.99), ...complete.slice(1)]))).toBe('Minimum bet amount required');
      expect(checkGrandForm(check([...complete.slice(0, 2), row(3, 5, 6, null)]))).toBe(GRAND_TEXTS.minimum);
    });
    it("4. any amount above that slot's max, even below the minimum elsewhere being fixed", () => {
      expect(checkGrandForm(check(complete, { maxes: [100, 19, 100] }))).toBe('Maximum bet amount exceeded');
      expect(checkGrandForm(check([row(1, 1, 2, 5), ...complete.slice(1)], { maxes: [100, 19, 100] }))).toBe(GRAND_TEXTS.minimum);
    });
    it('passes a complete form within limits; a max not yet known is left to the server', () => {
      expect(checkGrandForm(check(complete))).toBeNull();
      expect(checkGrandForm(check(complete, { maxes: [null, 20, 30] }))).toBeNull();
    });
  });

  describe('Major and Minor, in the spec order', () => {
    it('1. BETTING CLOSED first', () => {
      expect(checkMajorMinorForm(check([row(1, null, null, null)], { closed: true }))).toBe('BETTING CLOSED');
    });
    it('2. ALL FIELDS REQUIRED when the form has both an empty slot and an amount under the minimum', () => {
      expect(checkMajorMinorForm(check([row(1, null, null, null), row(2, null, null, null)]))).toBe('ALL FIELDS REQUIRED');
      // In different rows: still both.
      expect(checkMajorMinorForm(check([row(1, 1, null, 50), row(2, 3, 4, 5)]))).toBe(MAJOR_MINOR_TEXTS.allFields);
    });
    it('3. SELECT VALID SLOT NUMBER for an empty slot1 or slot2 with every amount given', () => {
      expect(checkMajorMinorForm(check([row(1, null, 2, 50), row(2, 3, 4, 50)]))).toBe('SELECT VALID SLOT NUMBER');
      expect(checkMajorMinorForm(check([row(1, 1, 2, 50), row(2, 3, null, 50)]))).toBe(MAJOR_MINOR_TEXTS.slot);
    });
    it('4. MINIMUM BET AMOUNT REQUIRED for an amount under 10 with every slot chosen', () => {
      expect(checkMajorMinorForm(check([row(1, 1, 2, 50), row(2, 3, 4, 9)]))).toBe('MINIMUM BET AMOUNT REQUIRED');
      expect(checkMajorMinorForm(check([row(1, 1, 2, null), row(2, 3, 4, 50)]))).toBe(MAJOR_MINOR_TEXTS.minimum);
    });
    it("5. MAXIMUM BET AMOUNT EXCEEDED for an amount above the row's max", () => {
      expect(checkMajorMinorForm(check([row(1, 1, 2, 50), row(2, 3, 4, 51)], { maxes: [50, 50] }))).toBe('MAXIMUM BET AMOUNT EXCEEDED');
      expect(checkMajorMinorForm(check([row(1, 1, 2, 50), row(2, 3, 4, 50)], { maxes: [50, 50] }))).toBeNull();
    });
  });

  it('picks the check list by page', () => {
    const closed = check(complete, { closed: true });
    expect(checkJackpotForm('grand', closed)).toBe(GRAND_TEXTS.closed);
    expect(checkJackpotForm('major', closed)).toBe(MAJOR_MINOR_TEXTS.closed);
    expect(checkJackpotForm('minor', closed)).toBe(MAJOR_MINOR_TEXTS.closed);
  });
});
