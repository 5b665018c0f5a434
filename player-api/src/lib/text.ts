/**
 * Text a player typed, made safe to print on an operator's terminal: control characters (an
 * escape sequence could rewrite the screen), bidi overrides (could reorder what is shown) and
 * zero-width characters (could hide a difference) are written as visible `\u{…}` escapes.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}}`);
}
