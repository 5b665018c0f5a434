import { PASSWORD_TEXTS } from '@suwerte/contracts';

/**
 * Player passwords checked against the common-password list zxcvbn-ts keeps (about 49,000 of the
 * passwords seen most in breaches, `@zxcvbn-ts/language-common`; docs/decisions/147), besides the
 * spec's 8 to 16 characters: a guesser tries those first, and the sign-in throttling alone lets a
 * patient one through in time. Also refused: the username itself, one character repeated.
 */
let common: Promise<ReadonlySet<string>> | null = null;

/** The list, loaded on first use (registrations and password changes only). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())));
  return common;
}

/** Why `password` may not be used (the text the player sees), or null when it may. */
export async function commonPasswordRefusal(password: string, username: string): Promise<string | null> {
  const folded = password.toLowerCase();
  if (folded === username.replace(/\s+/g, '').toLowerCase()) return PASSWORD_TEXTS.username;
  if (new Set(folded).size === 1 || (await commonPasswords()).has(folded)) return PASSWORD_TEXTS.common;
  return null;
}
