import { z } from 'zod/mini';
import { TelemetryTagFields } from './telemetry';

/**
 * Real players' Core Web Vitals per remote release (docs/decisions/215–219): the host measures
 * them with Google's `web-vitals` in a sample of page loads and reports each with the release of
 * the remote whose page it is; `publish-remote status` prints their 75th percentiles and
 * `publish-remote promote` refuses a canary that made them worse.
 */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * Reports carry whole numbers: milliseconds for LCP and INP, and for CLS (a unitless score such as
 * 0.1) ten-thousandths of the score — 0.1 is reported as 1000. Nothing finer is meaningful.
 */
export const CLS_SCALE = 10_000;

/**
 * The largest value a report may carry, in those units: 2 minutes for LCP, 1 minute for INP, a
 * score of 100 for CLS. Anything above is not a measurement of a page a player waited for.
 */
export const VITAL_LIMITS: Readonly<Record<VitalMetric, number>> = { LCP: 120_000, INP: 60_000, CLS: 100 * CLS_SCALE };

/** A metric's reported value as people read it: milliseconds for LCP and INP, the score for CLS. */
export function vitalInReadingUnits(metric: VitalMetric, value: number): number {
  return metric === 'CLS' ? value / CLS_SCALE : value;
}

/**
 * `POST /telemetry/vitals`: one metric of one page load, with the remote release of the page. No
 * personal data: no user, token, query string or full path — the route prefix only.
 */
export const VitalsReportSchema = z
  .strictObject({
    ...TelemetryTagFields,
    metric: z.enum(VITAL_METRICS),
    /** Whole milliseconds (LCP, INP) or ten-thousandths of the score (CLS). */
    value: z.int().check(z.nonnegative()),
  })
  .check(z.refine((report) => report.value <= VITAL_LIMITS[report.metric], { message: 'Value out of range for its metric', path: ['value'] }));
export type VitalsReport = z.infer<typeof VitalsReportSchema>;

/** One row of `GET /operator/telemetry/vitals`: one metric of one remote release. */
export const VitalsSummarySchema = z.object({
  remote: z.string(),
  release: z.string(),
  metric: z.enum(VITAL_METRICS),
  /** How many page loads reported it. */
  samples: z.int().check(z.nonnegative()),
  /** Its 75th percentile (the figure Core Web Vitals are judged by), in the reports' units. */
  p75: z.number().check(z.nonnegative()),
});
export type VitalsSummary = z.infer<typeof VitalsSummarySchema>;
export const VitalsSummariesSchema = z.array(VitalsSummarySchema);

/**
 * The 75th percentile by nearest rank: the smallest value at least 75 % of the values are at or
 * below (the value at rank ⌈0.75 n⌉ once sorted), so always a value some page really had; null
 * for no values.
 */
export function percentile75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}
