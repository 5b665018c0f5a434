import type { VitalsSummary } from '@suwerte/federation';
import { describe, expect, it } from 'vitest';
import { MIN_VITALS_SAMPLES, describeVitals, judgeCanaryVitals } from './vitals';

const entryOf = (release: string) => `https://cdn.suwerte.example/lotto/${release}/mf-manifest.json`;
const LOTTO = { entry: entryOf('1.0.0'), routes: ['/Lotto'], canary: { entry: entryOf('1.1.0'), share: 10 } };

function row(release: string, metric: VitalsSummary['metric'], p75: number, samples = MIN_VITALS_SAMPLES): VitalsSummary {
  return { remote: 'lotto', release, metric, p75, samples };
}

/** The pinned 1.0.0 at LCP 2,000 ms and INP 200 ms; the canary 1.1.0 at the figures given. */
function summaries(canary: { LCP: number; INP: number; samples?: number }): VitalsSummary[] {
  return [
    row('1.0.0', 'LCP', 2000),
    row('1.0.0', 'INP', 200),
    row('1.0.0', 'CLS', 500),
    row('1.1.0', 'LCP', canary.LCP, canary.samples),
    row('1.1.0', 'INP', canary.INP, canary.samples),
    row('1.1.0', 'CLS', 9000, canary.samples),
  ];
}

describe('promote’s judgement of a canary’s vitals', () => {
  it('lets a canary through up to 15 % worse than the pinned release, or better', () => {
    expect(judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 2300, INP: 230 }))).toEqual({ refusal: null, notes: [] });
    expect(judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 1200, INP: 90 }))).toEqual({ refusal: null, notes: [] });
  });

  it('refuses a canary more than 15 % worse on LCP or INP, with the figures', () => {
    const slowLcp = judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 2301, INP: 200 }));
    expect(slowLcp.refusal).toBe(
      "lotto: canary 1.1.0 not promoted: players' p75 LCP 2,301 ms against 2,000 ms on the pinned 1.0.0 (15.1 % worse; 100 and 100 samples) — more than 15 % worse. Abort it, or promote anyway with --force.",
    );
    const slowInp = judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 2000, INP: 260 }));
    expect(slowInp.refusal).toContain("players' p75 INP 260 ms against 200 ms on the pinned 1.0.0 (30 % worse; 100 and 100 samples)");
    const both = judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 3000, INP: 400 }));
    expect(both.refusal).toContain('p75 LCP 3,000 ms against 2,000 ms on the pinned 1.0.0 (50 % worse; 100 and 100 samples), and p75 INP 400 ms against 200 ms on the pinned 1.0.0 (100 % worse;');
  });

  it('does not judge CLS (shown by status only)', () => {
    expect(judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 2000, INP: 200 })).refusal).toBeNull();
  });

  it('compares a metric only when both releases have enough samples of it, and says which it could not', () => {
    const few = judgeCanaryVitals('lotto', LOTTO, summaries({ LCP: 9000, INP: 900, samples: MIN_VITALS_SAMPLES - 1 }));
    expect(few).toEqual({
      refusal: null,
      notes: [
        'LCP not compared: too few samples (99 for 1.1.0, 100 for 1.0.0; each needs 100)',
        'INP not compared: too few samples (99 for 1.1.0, 100 for 1.0.0; each needs 100)',
      ],
    });
    // The pinned release short of samples: no comparison either.
    const thinPinned = [row('1.0.0', 'LCP', 2000, 12), row('1.1.0', 'LCP', 9000), row('1.0.0', 'INP', 200), row('1.1.0', 'INP', 300)];
    expect(judgeCanaryVitals('lotto', LOTTO, thinPinned)).toEqual({
      refusal: expect.stringContaining('p75 INP 300 ms against 200 ms on the pinned 1.0.0 (50 % worse'),
      notes: ['LCP not compared: too few samples (100 for 1.1.0, 12 for 1.0.0; each needs 100)'],
    });
    expect(judgeCanaryVitals('lotto', LOTTO, []).notes).toEqual([
      'LCP not compared: too few samples (0 for 1.1.0, 0 for 1.0.0; each needs 100)',
      'INP not compared: too few samples (0 for 1.1.0, 0 for 1.0.0; each needs 100)',
    ]);
  });

  it('reads other releases’ figures as none of its business', () => {
    const others = [...summaries({ LCP: 2000, INP: 200 }), row('0.9.0', 'LCP', 100), row('1.2.0', 'LCP', 99_000)];
    expect(judgeCanaryVitals('lotto', LOTTO, others).refusal).toBeNull();
    expect(judgeCanaryVitals('lotto', { entry: LOTTO.entry, routes: LOTTO.routes }, summaries({ LCP: 9000, INP: 900 }))).toEqual({ refusal: null, notes: [] });
  });
});

describe('a release’s vitals on a status line', () => {
  it('shows p75 and samples of each metric reported', () => {
    expect(describeVitals(summaries({ LCP: 2310.4, INP: 96 }), '1.1.0')).toBe('LCP p75 2,310 ms (100 samples) · INP p75 96 ms (100 samples) · CLS p75 0.900 (100 samples)');
    expect(describeVitals([row('1.0.0', 'INP', 40, 1)], '1.0.0')).toBe('INP p75 40 ms (1 sample)');
    expect(describeVitals([], '1.0.0')).toBe('no vitals');
  });
});
