import { describe, expect, it } from 'vitest';
import { DEFAULT_KARERA_TIMINGS, KareraEnvError, loadKareraTimings } from './config';

describe('Video Karera round timings', () => {
  it('defaults to 30 s betting, 10 s race, 5 s result (also for empty values)', () => {
    expect(loadKareraTimings({})).toEqual({ bettingMs: 30_000, closedMs: 10_000, resultMs: 5_000 });
    expect(loadKareraTimings({ KARERA_BETTING_MS: '', KARERA_CLOSED_MS: ' ' })).toEqual(DEFAULT_KARERA_TIMINGS);
  });

  it('reads KARERA_BETTING_MS, KARERA_CLOSED_MS and KARERA_RESULT_MS', () => {
    expect(loadKareraTimings({ KARERA_BETTING_MS: '6000', KARERA_CLOSED_MS: '1500', KARERA_RESULT_MS: '2500' })).toEqual({
      bettingMs: 6_000,
      closedMs: 1_500,
      resultMs: 2_500,
    });
  });

  it('names every bad variable', () => {
    const load = () => loadKareraTimings({ KARERA_BETTING_MS: 'soon', KARERA_CLOSED_MS: '50', KARERA_RESULT_MS: '1.5' });
    expect(load).toThrow(KareraEnvError);
    expect(load).toThrow(/KARERA_BETTING_MS: must be a number of milliseconds/);
    expect(load).toThrow(/KARERA_CLOSED_MS: must be at least 100 ms/);
    expect(load).toThrow(/KARERA_RESULT_MS: must be a whole number of milliseconds/);
  });
});
