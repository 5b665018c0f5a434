import { describe, expect, it } from 'vitest';
import { fromCentavos, toCentavos } from './money';

describe('toCentavos', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [1, 100],
    [5000, 500_000],
    [5000.5, 500_050],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [1.005, 101], // 1.005 * 100 = 100.49999999999999 in floating point
    [1.015, 102],
    [8.345, 835],
    [0.005, 1],
    [0.0049, 0],
    [-1.005, -101], // half away from zero
    [-0.005, -1],
    [-0.004, 0],
    [19.99, 1999],
    [1_000_000.25, 100_000_025],
    [1e-7, 0],
    [1e13, 1e15],
    [5e-3, 1],
    [4.9e-3, 0],
    [123456789.125, 12_345_678_913],
  ])('%d pesos → %d centavos', (pesos, centavos) => {
    expect(toCentavos(pesos)).toBe(centavos);
    expect(Object.is(toCentavos(pesos), -0)).toBe(false);
  });

  it('rejects non-finite and unsafe amounts', () => {
    expect(() => toCentavos(Number.NaN)).toThrow(RangeError);
    expect(() => toCentavos(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCentavos(1e300)).toThrow(RangeError);
    expect(() => toCentavos(1e21)).toThrow(RangeError);
  });
});

describe('fromCentavos', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [500_050, 5000.5],
    [100_000_025, 1_000_000.25],
    [-101, -1.01],
    [30, 0.3],
  ])('%d centavos → %d pesos', (centavos, pesos) => {
    expect(fromCentavos(centavos)).toBe(pesos);
  });

  it('round-trips every centavo value in a range', () => {
    for (let centavos = -10_000; centavos <= 10_000; centavos += 1) expect(toCentavos(fromCentavos(centavos))).toBe(centavos);
    for (let centavos = 99_999_000; centavos <= 100_001_000; centavos += 7) expect(toCentavos(fromCentavos(centavos))).toBe(centavos);
  });

  it('rejects fractional centavos', () => {
    expect(() => fromCentavos(1.5)).toThrow(RangeError);
  });
});
