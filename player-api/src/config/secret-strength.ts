import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english } from '@zxcvbn-ts/language-en';

/**
 * How random a signing secret is (docs/decisions/147), by zxcvbn-ts's estimate of the guesses it
 * takes: words from its dictionaries (English, common passwords), keyboard walks, sequences,
 * repeats and dates are counted as the few guesses they are. A random secret is worth about one
 * decimal digit of guesses per character (zxcvbn's floor for characters no pattern explains); one
 * made of words or repeats is worth far less for its length.
 */
export const MIN_GUESS_DIGITS_PER_CHARACTER = 0.85;

/** The longest text zxcvbn looks at (its own limit); a longer secret is judged by its start. */
const LOOKED_AT = 256;

let estimator: ZxcvbnFactory | null = null;

/** Why `secret` is not random enough to sign tokens with, or null when it is. */
export function weakSecretReason(secret: string): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common, ...english }, graphs: adjacencyGraphs });
  const looked = secret.slice(0, LOOKED_AT);
  const result = estimator.check(looked);
  if (result.guessesLog10 >= MIN_GUESS_DIGITS_PER_CHARACTER * looked.length) return null;
  const patterns = new Set(result.sequence.map((match) => match.pattern).filter((pattern) => pattern !== 'bruteforce'));
  const found = [...patterns].map((pattern) => PATTERN_NAMES[pattern] ?? pattern).join(', ');
  return `is not random enough (${found || 'too predictable'}): use a random secret, e.g. \`openssl rand -hex 32\``;
}

const PATTERN_NAMES: Record<string, string> = {
  dictionary: 'dictionary words',
  repeat: 'repeated characters',
  sequence: 'a sequence such as abcd or 1234',
  spatial: 'a keyboard pattern',
  date: 'a date',
  regex: 'a predictable pattern',
};
