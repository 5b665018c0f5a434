import { z } from 'zod/mini';

// zod 4 probes `new Function` to compile fast parsers; the site's Content-Security-Policy forbids
// eval, so the probe would be reported as a CSP violation in every page. Parse without JIT.
z.config({ jitless: true });

/** The spec's length messages use generic at-least / at-most wording (document 1, section 5). */
export const atLeast = (n: number): string => `Must be at least ${n} characters`;
export const atMost = (n: number): string => `Must be at most ${n} characters`;

/** Every validation text of the spec, verbatim, in one place so forms and the player API agree. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Confirm Your Password',
  passwordMustMatch: 'Password must match',
  passwordDoNotMatch: 'Password do not match',
  referralRequired: 'Please input referral',
  registerEmail: 'Please enter a valid email address',
  registerContact: 'Please enter your contact number',
  fullnameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Not a proper email',
  contactRequired: 'Contact is required',
  contactDigits: 'Contact must contain digits only',
} as const;

export const USERNAME_LOGIN = { min: 4, max: 16 } as const;
export const USERNAME_REGISTER = { min: 6, max: 16 } as const;
export const PASSWORD = { min: 8, max: 16 } as const;

const CONTACT_PATTERN = /^\+?\d{7,15}$/;

/**
 * Characters nobody types on purpose in a name, number or address, and that make two texts look
 * alike or reorder what is shown: control characters, bidi overrides and isolates, zero-width
 * characters and joiners, the byte-order mark, the soft hyphen.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/u;
export const HIDDEN_CHARACTERS_TEXT = 'Remove invisible or control characters';
export const hasNoHiddenCharacters = (text: string): boolean => !HIDDEN_CHARACTERS.test(text);

/**
 * A required text field (a name, a number, an address): NFKC-normalised (fullwidth and other
 * compatibility forms fold into the plain ones, so look-alikes are one text), trimmed, and free
 * of hidden characters. Forms show the first message per field, so an empty value shows `required`.
 */
export const requiredString = (required: string) =>
  z
    .string({ error: required })
    .check(z.normalize('NFKC'), z.trim(), z.minLength(1, { error: required }), z.refine(hasNoHiddenCharacters, { error: HIDDEN_CHARACTERS_TEXT }));

/** An optional text field under the same rules. */
export const optionalText = (max: number) =>
  z.string().check(z.normalize('NFKC'), z.maxLength(max), z.refine(hasNoHiddenCharacters, { error: HIDDEN_CHARACTERS_TEXT }));

/** A required secret (a password): trimmed, any character kept as typed (it is hashed after NFKC, never shown). */
export const requiredSecret = (required: string) => z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }));

export const lengthChecked = (required: string, { min, max }: { min: number; max: number }) =>
  requiredString(required).check(z.minLength(min, { error: atLeast(min) }), z.maxLength(max, { error: atMost(max) }));

export const secretChecked = (required: string, { min, max }: { min: number; max: number }) =>
  requiredSecret(required).check(z.minLength(min, { error: atLeast(min) }), z.maxLength(max, { error: atMost(max) }));

/** Registration reading B: spaces are stripped before the 6–16 length check. */
export const registerUsername = z.pipe(
  z.pipe(
    z.string({ error: MESSAGES.usernameRequired }),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  ),
  lengthChecked(MESSAGES.usernameRequired, USERNAME_REGISTER),
);

export const password = secretChecked(MESSAGES.passwordRequired, PASSWORD);

export const registerEmail = z.pipe(
  z
    .string({ error: MESSAGES.registerEmail })
    .check(z.normalize('NFKC'), z.trim(), z.refine(hasNoHiddenCharacters, { error: HIDDEN_CHARACTERS_TEXT, abort: true })),
  z.email({ error: MESSAGES.registerEmail }),
);

export const registerContact = z.pipe(
  z.pipe(
    z.string({ error: MESSAGES.registerContact }),
    z.transform((value: string) => value.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(CONTACT_PATTERN, { error: MESSAGES.registerContact })),
);

export const profileEmail = z.pipe(requiredString(MESSAGES.emailRequired), z.email({ error: MESSAGES.emailInvalid }));

export const profileContact = z.pipe(
  z.pipe(
    z.string({ error: MESSAGES.contactRequired }),
    z.transform((value: string) => value.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.minLength(1, { error: MESSAGES.contactRequired }), z.regex(CONTACT_PATTERN, { error: MESSAGES.contactDigits })),
);

/** Mongo-style 24-hex identifiers, the `_id` of every record. */
export const RecordIdSchema = z.string().check(z.minLength(1));

/** An ISO-8601 timestamp as sent by the player API. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/**
 * True for a peso amount with at most two decimals (a whole number of centavos), judged on the
 * number as written (its shortest decimal form): 50.005 and 1e-7 are not, however close to a
 * centavo they come. Such an amount is refused, never rounded.
 */
export function hasWholeCentavos(pesos: number): boolean {
  if (!Number.isFinite(pesos)) return false;
  const match = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(pesos));
  if (!match) return false;
  return (match[1]?.length ?? 0) - Number(match[2] ?? 0) <= 2;
}

/** The largest amount a client may send anywhere: far beyond any stake, pool or balance, and exact in centavos (below 2^53). */
export const MAX_PESOS = 1_000_000_000_000;

export const MONEY_TEXTS = {
  wholeCentavos: 'Amounts have at most two decimals',
  tooLarge: 'Amount is too large',
} as const;

/** A peso amount as it travels on the wire (the API keeps integer centavos inside). */
export const PesoSchema = z.number();

/**
 * A peso amount a client sends (browser and server refuse alike): a finite number of whole
 * centavos, at most MAX_PESOS either way. Sub-centavo and huge amounts are refused, never rounded.
 */
export const MoneySchema = z
  .number()
  .check(
    z.refine(hasWholeCentavos, { error: MONEY_TEXTS.wholeCentavos, abort: true }),
    z.refine((pesos: number) => Math.abs(pesos) <= MAX_PESOS, { error: MONEY_TEXTS.tooLarge }),
  );
