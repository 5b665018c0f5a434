import { describe, expect, it } from 'vitest';
import { floorMs, medianRun } from './deep-link';
import { calibratedMultiplier } from './lighthouse';

describe('the deep-link figures', () => {
  it('the floor is two round trips plus the bytes at 1.6 Mbit/s (issue 34’s own figures)', () => {
    // /Lotto before: 368 KB, 3,547 ms → ratio 1.62.
    expect(Math.round(floorMs(368 * 1024))).toBe(2184);
    expect(Number((3547 / floorMs(368 * 1024)).toFixed(2))).toBe(1.62);
  });

  it('takes the bytes, requests and largest paint of the median run by heading time', () => {
    const runs = [
      { headingMs: 3000, bytes: 1, requests: 10, largestPaintMs: 3100 },
      { headingMs: 2000, bytes: 2, requests: 20, largestPaintMs: 2100 },
      { headingMs: 2500, bytes: 3, requests: 30, largestPaintMs: 2900 },
    ];
    expect(medianRun(runs)).toEqual({ headingMs: 2500, bytes: 3, requests: 30, largestPaintMs: 2900 });
  });
});

describe('Lighthouse’s calibrated CPU slowdown', () => {
  it('is the benchmark index ÷ 775, never below 1', () => {
    expect(calibratedMultiplier(3100)).toBe(4);
    expect(calibratedMultiplier(1550)).toBe(2);
    expect(calibratedMultiplier(1162)).toBe(1.5);
    expect(calibratedMultiplier(500)).toBe(1);
  });
});
