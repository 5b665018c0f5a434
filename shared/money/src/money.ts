/**
 * Money, the one module for browser, player API and e2e: integer centavos inside the API, peso
 * numbers (e.g. 5000.5) on the wire, `₱1,234.50` on screen. Conversions go through the decimal
 * text of the number, never `pesos * 100`, so 1.005 becomes 101 centavos (not 100) and
 * 0.1 + 0.2 style errors cannot creep in — the browser and the server agree on every amount.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** Pesos → integer centavos, rounding half away from zero on the decimal value as written. */
export function toCentavos(pesos: number): number {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos)) throw new RangeError(`Not a finite peso amount: ${String(pesos)}`);
  const negative = pesos < 0;
  // Shortest round-trip text of the double, e.g. '1.005', '5000.5', '1e-7', '1.2e+21'.
  const match = DECIMAL.exec(Math.abs(pesos).toString());
  if (!match) throw new RangeError(`Not a peso amount: ${String(pesos)}`);
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  // Position of the decimal point within `digits`, after multiplying by 100.
  const point = whole.length + Number(exponent) + 2;
  let integerDigits: string;
  let firstDropped: string;
  if (point <= 0) {
    integerDigits = '0';
    firstDropped = point === 0 ? (digits[0] ?? '0') : '0';
  } else if (point >= digits.length) {
    integerDigits = digits + '0'.repeat(point - digits.length);
    firstDropped = '0';
  } else {
    integerDigits = digits.slice(0, point);
    firstDropped = digits[point] ?? '0';
  }
  let magnitude = BigInt(integerDigits);
  if (firstDropped >= '5') magnitude += 1n;
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Peso amount too large: ${String(pesos)}`);
  const centavos = Number(magnitude);
  return negative && centavos !== 0 ? -centavos : centavos;
}

/** Integer centavos → pesos (exact to the centavo: 500050 → 5000.5). */
export function fromCentavos(centavos: number): number {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole number of centavos: ${String(centavos)}`);
  return centavos === 0 ? 0 : centavos / 100;
}

/** Digits in groups of three, en-US: 1234567 → `1,234,567` (a whole number of at most 16 digits). */
export function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Amounts whose centavos stay a safe integer are formatted by hand; the rest (and NaN, ±∞) by
// Intl, made on first use. Not at load: a page's first Intl object costs ICU's start-up, 15–25 ms
// of the shell's first task on a slow phone, and the site's own amounts never need it (record 243).
const HAND_FORMATTED_LIMIT = 90_000_000_000_000;
let intlPeso: Intl.NumberFormat | undefined;

/**
 * Formats a peso amount the way the whole site shows money: `₱1,234.50` (PHP, en-US) — the text
 * Intl.NumberFormat gives: two decimals rounded half away from zero on the amount as written (as
 * `toCentavos`), `-₱0.05` below zero (and for -0), digits grouped by three.
 */
export function formatPeso(pesos: number): string {
  if (!(Math.abs(pesos) < HAND_FORMATTED_LIMIT)) {
    intlPeso ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' });
    return intlPeso.format(pesos);
  }
  const centavos = toCentavos(Math.abs(pesos));
  const sign = pesos < 0 || Object.is(pesos, -0) ? '-' : '';
  return `${sign}₱${groupDigits(Math.floor(centavos / 100))}.${String(centavos % 100).padStart(2, '0')}`;
}

/** Formats integer centavos the same way (the API's own texts: pages, refusals, the CLI). */
export function formatCentavos(centavos: number): string {
  return formatPeso(fromCentavos(centavos));
}
