import { releaseOfEntry, vitalInReadingUnits, type VitalMetric, type VitalsSummary } from '@suwerte/federation';
import type { RegistryRemote } from './registry-file';

/**
 * A canary is refused when its p75 LCP or INP is more than this much worse than the pinned
 * release's (docs/decisions/218).
 */
export const MAX_P75_REGRESSION_PERCENT = 15;

/**
 * Page loads each release needs for a metric before its p75 is compared (docs/decisions/218):
 * with fewer, one slow phone moves the 75th percentile by more than the 15 % judged.
 */
export const MIN_VITALS_SAMPLES = 100;

/** The metrics `promote` judges: loading (LCP) and responsiveness (INP). CLS is shown, not judged. */
export const JUDGED_METRICS: readonly VitalMetric[] = ['LCP', 'INP'];

/** A reported value as `status` and `promote` print it: milliseconds for LCP and INP, the score for CLS. */
export function formatVital(metric: VitalMetric, value: number): string {
  const reading = vitalInReadingUnits(metric, value);
  return metric === 'CLS' ? reading.toFixed(3) : `${Math.round(reading).toLocaleString('en-US')} ms`;
}

function rowOf(summaries: readonly VitalsSummary[], release: string, metric: VitalMetric): VitalsSummary | undefined {
  return summaries.find((row) => row.release === release && row.metric === metric);
}

/** One release's vitals on a status line: `LCP p75 2,310 ms (140) · INP p75 180 ms (96) · CLS …`. */
export function describeVitals(summaries: readonly VitalsSummary[], release: string): string {
  const parts = (['LCP', 'INP', 'CLS'] as const).flatMap((metric) => {
    const row = rowOf(summaries, release, metric);
    return row ? [`${metric} p75 ${formatVital(metric, row.p75)} (${row.samples} sample${row.samples === 1 ? '' : 's'})`] : [];
  });
  return parts.length > 0 ? parts.join(' · ') : 'no vitals';
}

/** What `promote` concluded from the vitals: why it refuses (null: it does not), and what it could not compare. */
export interface VitalsVerdict {
  refusal: string | null;
  notes: string[];
}

/**
 * Compares a remote's canary with its pinned release (the stable one every other player runs),
 * metric by metric, from the player API's summaries of that remote: a p75 LCP or INP more than
 * 15 % above the pinned release's is a refusal, when both releases have at least
 * MIN_VITALS_SAMPLES samples of it; with fewer, the metric is not compared (a note says so).
 */
export function judgeCanaryVitals(remote: string, entry: RegistryRemote, summaries: readonly VitalsSummary[]): VitalsVerdict {
  if (!entry.canary) return { refusal: null, notes: [] };
  const stable = releaseOfEntry(entry.entry);
  const canary = releaseOfEntry(entry.canary.entry);
  const worse: string[] = [];
  const notes: string[] = [];
  for (const metric of JUDGED_METRICS) {
    const before = rowOf(summaries, stable, metric);
    const after = rowOf(summaries, canary, metric);
    if (!before || !after || before.samples < MIN_VITALS_SAMPLES || after.samples < MIN_VITALS_SAMPLES) {
      notes.push(`${metric} not compared: too few samples (${after?.samples ?? 0} for ${canary}, ${before?.samples ?? 0} for ${stable}; each needs ${MIN_VITALS_SAMPLES})`);
      continue;
    }
    // In whole percents: 2,300 ms against 2,000 ms is 15 %, not a float's 15.000000001 %.
    if (after.p75 * 100 > before.p75 * (100 + MAX_P75_REGRESSION_PERCENT)) {
      const percent = before.p75 > 0 ? `${((after.p75 / before.p75 - 1) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} % worse` : 'worse';
      worse.push(`p75 ${metric} ${formatVital(metric, after.p75)} against ${formatVital(metric, before.p75)} on the pinned ${stable} (${percent}; ${after.samples} and ${before.samples} samples)`);
    }
  }
  const refusal =
    worse.length > 0
      ? `${remote}: canary ${canary} not promoted: players' ${worse.join(', and ')} — more than ${MAX_P75_REGRESSION_PERCENT} % worse. Abort it, or promote anyway with --force.`
      : null;
  return { refusal, notes };
}
