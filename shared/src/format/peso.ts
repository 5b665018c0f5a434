const pesoFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' });

/** Formats a peso amount the way the whole site shows money: `₱1,234.50`. */
export function formatPeso(amount: number): string {
  return pesoFormatter.format(amount);
}

/** Pesos → integer centavos, rounding half away from zero (the player API's unit). */
export function toCentavos(pesos: number): number {
  return Math.sign(pesos) * Math.round(Math.abs(pesos) * 100);
}

/** Integer centavos → pesos for the wire. */
export function fromCentavos(centavos: number): number {
  return centavos / 100;
}
