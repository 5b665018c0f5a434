import { randomBytes } from 'node:crypto';

/**
 * A record id: 12 random bytes as 24 hex digits (the Mongo-style `_id` shape the site reads).
 * Nothing in one id tells another — no time, no counter, no sequence to walk.
 */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
