import { describe, expect, it } from 'vitest';
import { percentiles } from './karera';

describe('Karera bench percentiles', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(percentiles(values)).toEqual({ p50: 500, p99: 990, max: 1000 });
    expect(percentiles([3, 1, 2])).toEqual({ p50: 2, p99: 3, max: 3 });
    expect(percentiles([])).toEqual({ p50: 0, p99: 0, max: 0 });
  });
});
