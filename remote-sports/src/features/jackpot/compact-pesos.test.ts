// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compactPesos } from './MaxBetGridDialog';

describe('compactPesos (a Max Bet Card cell)', () => {
  it('shows every whole peso under ₱10,000 as it is, then thousands rounded down: never more than is there', () => {
    expect(compactPesos(950)).toBe('950');
    expect(compactPesos(1985)).toBe('1985');
    expect(compactPesos(9999.99)).toBe('9999');
    expect(compactPesos(10_000)).toBe('10k');
    expect(compactPesos(15_999)).toBe('15k');
  });
});
