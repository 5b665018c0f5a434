import { describe, expect, it } from 'vitest';
import { ID_PATTERN, isId, newId } from './ids';

describe('newId', () => {
  it('gives 24 hex digits, never the same twice, across many draws of the random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isId)).toBe(true);
  });
});
