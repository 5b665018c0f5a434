// @vitest-environment node
import { payoutIfWins } from './payout';

describe('payoutIfWins (pesos, same formula as the settlement)', () => {
  it('pays stake + stake × losing ÷ winning − 10 % of the stake', () => {
    expect(payoutIfWins(100, 125, 50)).toBe(130);
    expect(payoutIfWins(100, 100, 100)).toBe(190);
    expect(payoutIfWins(33.33, 100, 33.33)).toBe(41.1);
  });

  it('returns the stake when the other side is empty, and nothing without a stake', () => {
    expect(payoutIfWins(250, 250, 0)).toBe(250);
    expect(payoutIfWins(0, 500, 500)).toBe(0);
  });

  it('counts the stake in its side even before the broadcast totals catch up', () => {
    expect(payoutIfWins(100, 0, 50)).toBe(140);
  });
});
