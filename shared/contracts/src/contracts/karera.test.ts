import {
  KARERA_ALERTS,
  KareraBetRequestSchema,
  KareraDeclareWinnerSchema,
  KareraRoundStateSchema,
  KareraTotalBetSchema,
  isValidKareraStake,
  kareraSideName,
  kareraSideOfResult,
  kareraWinPayoutCentavos,
  settleKareraBet,
} from './karera';

describe('Video Karera payout (docs/decisions/200): stake + stake × losing ÷ winning − 10 % of the stake', () => {
  it('pays ₱190.00 on a ₱100.00 stake when both sides hold the same total', () => {
    expect(kareraWinPayoutCentavos(10_000, 10_000, 10_000)).toBe(19_000);
  });

  it('pays ₱140.00 on ₱100.00 when the losing side holds half the winning total', () => {
    expect(kareraWinPayoutCentavos(10_000, 10_000, 5_000)).toBe(14_000);
  });

  it('shares the losing pool in proportion to the stakes', () => {
    // Winning side ₱300 (₱100 + ₱200), losing side ₱150: shares ₱50 and ₱100.
    expect(kareraWinPayoutCentavos(10_000, 30_000, 15_000)).toBe(10_000 + 5_000 - 1_000);
    expect(kareraWinPayoutCentavos(20_000, 30_000, 15_000)).toBe(20_000 + 10_000 - 2_000);
  });

  it('computes exactly and rounds down once to the centavo', () => {
    // ₱33.33 + ₱33.33 × 33.33/100 − ₱3.333 = ₱41.105889 → ₱41.10
    expect(kareraWinPayoutCentavos(3_333, 10_000, 3_333)).toBe(4_110);
    // ₱10.05 + ₱10.00 − ₱1.005 = ₱19.045 → ₱19.04 (the half centavo of commission is not rounded in the player's favour)
    expect(kareraWinPayoutCentavos(1_005, 1_005, 1_000)).toBe(1_904);
    // ₱0.01 stake against ₱0.02: 1 + 2 − 0.1 = 2.9 → 2 centavos
    expect(kareraWinPayoutCentavos(1, 1, 2)).toBe(2);
  });

  it('can return less than the stake on a heavily backed side (the 10 % exceeds the share)', () => {
    // ₱100 of ₱1,000 on UNO, ₱50 on DOS: 100 + 5 − 10 = ₱95.00.
    expect(kareraWinPayoutCentavos(10_000, 100_000, 5_000)).toBe(9_500);
  });

  it('returns the stake in full when nobody bet on the losing side', () => {
    expect(kareraWinPayoutCentavos(10_000, 25_000, 0)).toBe(10_000);
  });

  it('stays exact for large pools (no floating point)', () => {
    expect(kareraWinPayoutCentavos(900_719_925_474, 900_719_925_474, 900_719_925_474)).toBe(1_711_367_858_400);
  });

  it('never pays out more than the round collected', () => {
    const uno = [1, 999, 10_000, 3_333, 77_777];
    const dos = [5_000, 1_234, 9];
    const unoTotal = uno.reduce((a, b) => a + b, 0);
    const dosTotal = dos.reduce((a, b) => a + b, 0);
    const paid = uno.reduce((sum, stake) => sum + kareraWinPayoutCentavos(stake, unoTotal, dosTotal), 0);
    expect(paid).toBeLessThanOrEqual(unoTotal + dosTotal);
    // The house keeps 10 % of the winning stakes, and at most one centavo per bet of rounding.
    expect(unoTotal + dosTotal - paid - unoTotal / 10).toBeGreaterThanOrEqual(0);
    expect(unoTotal + dosTotal - paid - unoTotal / 10).toBeLessThan(uno.length);
  });

  it('refuses amounts that are not centavos or a winning total below the stake', () => {
    expect(() => kareraWinPayoutCentavos(1.5, 10, 10)).toThrow(RangeError);
    expect(() => kareraWinPayoutCentavos(-1, 10, 10)).toThrow(RangeError);
    expect(() => kareraWinPayoutCentavos(100, 50, 10)).toThrow(RangeError);
  });
});

describe('settleKareraBet', () => {
  const round = { winner: 1 as const, unoTotalCentavos: 20_000, dosTotalCentavos: 10_000 };

  it('wins on the winner, loses on the loser', () => {
    expect(settleKareraBet({ side: 1, stakeCentavos: 10_000 }, round)).toEqual({ outcome: 'win', payoutCentavos: 14_000 });
    expect(settleKareraBet({ side: 2, stakeCentavos: 10_000 }, round)).toEqual({ outcome: 'lose', payoutCentavos: 0 });
  });

  it('refunds the winners when the losing side is empty, and the losers lose when the winning side is empty', () => {
    const onlyUno = { winner: 1 as const, unoTotalCentavos: 20_000, dosTotalCentavos: 0 };
    expect(settleKareraBet({ side: 1, stakeCentavos: 5_000 }, onlyUno)).toEqual({ outcome: 'refund', payoutCentavos: 5_000 });
    const dosWinsNobodyOnDos = { winner: 2 as const, unoTotalCentavos: 20_000, dosTotalCentavos: 0 };
    expect(settleKareraBet({ side: 1, stakeCentavos: 5_000 }, dosWinsNobodyOnDos)).toEqual({ outcome: 'lose', payoutCentavos: 0 });
  });
});

describe('Video Karera contracts', () => {
  it('reads picks and results with the E-Karera encoding: 1 = UNO, otherwise DOS', () => {
    expect(kareraSideName(1)).toBe('UNO');
    expect(kareraSideName(2)).toBe('DOS');
    expect(kareraSideOfResult(1)).toBe(1);
    expect(kareraSideOfResult(0)).toBe(2);
    expect(kareraSideOfResult(2)).toBe(2);
  });

  it('accepts a bet {bet: 1|2, Amount} with a positive stake in whole centavos', () => {
    expect(KareraBetRequestSchema.parse({ bet: 1, Amount: 100 })).toEqual({ bet: 1, Amount: 100 });
    expect(KareraBetRequestSchema.parse({ bet: 2, Amount: 0.1, requestId: 'r1' })).toEqual({ bet: 2, Amount: 0.1, requestId: 'r1' });
    for (const bad of [{ bet: 3, Amount: 10 }, { bet: 1, Amount: 0 }, { bet: 1, Amount: -5 }, { bet: 1, Amount: 1.005 }, { bet: 1 }, { bet: '1', Amount: 10 }]) {
      expect(KareraBetRequestSchema.safeParse(bad).success).toBe(false);
    }
    const invalid = KareraBetRequestSchema.safeParse({ bet: 1, Amount: 0 });
    expect(invalid.error?.issues[0]?.message).toBe(KARERA_ALERTS.invalidAmount);
  });

  it('describes totalbet as a pair, DeclareWinner as UNO or DOS, and the resync state', () => {
    expect(KareraTotalBetSchema.parse([120.5, 0])).toEqual([120.5, 0]);
    expect(KareraTotalBetSchema.safeParse([1]).success).toBe(false);
    expect(KareraDeclareWinnerSchema.safeParse({ roundId: 'r', winner: 'UNO', msLeft: 2500 }).success).toBe(true);
    expect(KareraDeclareWinnerSchema.safeParse({ roundId: 'r', winner: 1, msLeft: 2500 }).success).toBe(false);
    expect(
      KareraRoundStateSchema.safeParse({ roundId: null, phase: null, msLeft: 0, totals: [0, 0], stakes: [0, 0], winner: null, previous: [1, 2], Balance: 10 })
        .success,
    ).toBe(true);
  });

  it('checks the stake against the balance: more than 0 and not above it', () => {
    expect(isValidKareraStake(100, 100)).toBe(true);
    expect(isValidKareraStake(100.01, 100)).toBe(false);
    expect(isValidKareraStake(0, 100)).toBe(false);
    expect(isValidKareraStake(null, 100)).toBe(false);
    expect(isValidKareraStake(10, null)).toBe(false);
    expect(isValidKareraStake(10.555, 100)).toBe(false);
  });
});
