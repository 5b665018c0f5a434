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

/** Digits in groups of three, en-US: 1234567 (or its text) → `1,234,567` (a whole number of at most 16 digits). */
export function groupDigits(whole: number | string): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

// Amounts below ₱40 trillion are formatted by hand; the rest (and NaN, ±∞) by Intl, made when asked. Not
// at load: a page's first Intl object costs ICU's start-up, 15–25 ms of the shell's first task on a
// slow phone, and the amounts the site shows never need it (record 243).
// Below 2^52 centavos a half centavo is a double of its own.
const HAND_FORMATTED_LIMIT = 40_000_000_000_000;

/**
 * Formats a peso amount the way the whole site shows money: `₱1,234.50` (PHP, en-US) — the text
 * Intl.NumberFormat gives: two decimals rounded half away from zero on the amount as written (as
 * `toCentavos`: 1.005 → `₱1.01`), `-₱0.05` below zero (and for -0), digits grouped by three.
 */
export function formatPeso(pesos: number): string {
  const amount = Math.abs(pesos);
  if (!(amount < HAND_FORMATTED_LIMIT)) return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(pesos);
  // The amount as written, times 100: its shortest text shifted by an exponent ('1.005e2' is 100.5
  // exactly, where 1.005 * 100 is 100.49999999999999), then rounded half up. Below a millionth the
  // text has an exponent of its own ('1e-7e2' is NaN): no centavos.
  const centavos = `${Math.round(Number(`${amount}e2`)) || 0}`.padStart(3, '0');
  // Negative amounts and -0 (1 / -0 is -Infinity).
  const sign = 1 / pesos < 0 ? '-' : '';
  return `${sign}₱${groupDigits(centavos.slice(0, -2))}.${centavos.slice(-2)}`;
}

/** Formats integer centavos the same way (the API's own texts: pages, refusals, the CLI). */
export function formatCentavos(centavos: number): string {
  return formatPeso(fromCentavos(centavos));
}
