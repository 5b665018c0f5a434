import { formatPeso, fromCentavos, toCentavos } from './peso';

describe('formatPeso', () => {
  it('formats pesos in en-US with the PHP sign and two decimals', () => {
    expect(formatPeso(1234.5)).toBe('₱1,234.50');
    expect(formatPeso(0)).toBe('₱0.00');
    expect(formatPeso(1_000_000)).toBe('₱1,000,000.00');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatPeso(-50)).toBe('-₱50.00');
  });
});

describe('centavos', () => {
  it('converts without floating-point drift', () => {
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(19.99)).toBe(1999);
    expect(toCentavos(1.005)).toBe(101);
    expect(toCentavos(-2.5)).toBe(-250);
    expect(fromCentavos(1999)).toBe(19.99);
  });
});
