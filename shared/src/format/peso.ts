const pesoFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' });

/** Formats a peso amount the way the whole site shows money: `₱1,234.50`. */
export function formatPeso(amount: number): string {
  return pesoFormatter.format(amount);
}

/**
 * Pesos → integer centavos, rounding half away from zero (the player API's unit). The product
 * is first fixed to 8 places so binary noise (1.005 × 100 = 100.4999…) does not round down.
 */
export function toCentavos(pesos: number): number {
  return Math.sign(pesos) * Math.round(Number((Math.abs(pesos) * 100).toFixed(8)));
}

/** Integer centavos → pesos for the wire. */
export function fromCentavos(centavos: number): number {
  return centavos / 100;
}
