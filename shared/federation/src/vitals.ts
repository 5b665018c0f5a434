import { z } from 'zod';
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
 * The largest value a report may carry: milliseconds for LCP and INP, the unitless layout-shift
 * score for CLS. Anything above is not a measurement of a page a player waited for.
 */
export const VITAL_LIMITS: Readonly<Record<VitalMetric, number>> = { LCP: 120_000, INP: 60_000, CLS: 100 };

/**
 * `POST /telemetry/vitals`: one metric of one page load, with the remote release of the page. No
 * personal data: no user, token, query string or full path — the route prefix only.
 */
export const VitalsReportSchema = z
  .strictObject({
    ...TelemetryTagFields,
    metric: z.enum(VITAL_METRICS),
    value: z.number().nonnegative(),
  })
  .refine((report) => report.value <= VITAL_LIMITS[report.metric], { message: 'Value out of range for its metric', path: ['value'] });
export type VitalsReport = z.infer<typeof VitalsReportSchema>;

/** One row of `GET /operator/telemetry/vitals`: one metric of one remote release. */
export const VitalsSummarySchema = z.object({
  remote: z.string(),
  release: z.string(),
  metric: z.enum(VITAL_METRICS),
  /** How many page loads reported it. */
  samples: z.number().int().nonnegative(),
  /** Its 75th percentile (the figure Core Web Vitals are judged by). */
  p75: z.number().nonnegative(),
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
