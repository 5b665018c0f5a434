// Remote releases failing in players' pages (docs/decisions/056), and real players' vitals per
// release (docs/decisions/215): the host's reports and the operator's counts and 75th percentiles
// per release, which `publish-remote status` prints and `promote` checks for a canary.
import { z } from 'zod/mini';
import { RemoteErrorCountsSchema, RemoteErrorReportSchema, VitalsReportSchema, VitalsSummariesSchema } from '@suwerte/federation';
import { defineEndpoint } from './define';

export const RemoteErrorCountsQuerySchema = z.object({
  /** How far back to count. */
  hours: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(24 * 14)), 24),
  remote: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/))),
});

/** The same window and remote filter for the vitals. */
export const VitalsSummaryQuerySchema = RemoteErrorCountsQuerySchema;

export const telemetryEndpoints = {
  /** No token: visitors' pages fail too, and a report carries nothing about the player. */
  reportRemoteError: defineEndpoint({
    method: 'POST',
    path: '/telemetry/remote-errors',
    auth: 'public',
    summary: 'A remote release failed to load, render or run in a page (rate-limited; no personal data)',
    body: RemoteErrorReportSchema,
    response: z.object({ accepted: z.literal(true) }),
    status: 202,
  }),
  remoteErrorCounts: defineEndpoint({
    method: 'GET',
    path: '/operator/telemetry/remote-errors',
    auth: 'operator',
    summary: 'Failures per remote, release and kind over the last hours (operator)',
    query: RemoteErrorCountsQuerySchema,
    response: RemoteErrorCountsSchema,
  }),
  /** No token either: a report is one number about a page load, nothing about the player. */
  reportVitals: defineEndpoint({
    method: 'POST',
    path: '/telemetry/vitals',
    auth: 'public',
    summary: "One Core Web Vital (LCP, INP or CLS) of a sampled page load, with the page's remote release (rate-limited; no personal data)",
    body: VitalsReportSchema,
    response: z.object({ accepted: z.literal(true) }),
    status: 202,
  }),
  vitalsSummary: defineEndpoint({
    method: 'GET',
    path: '/operator/telemetry/vitals',
    auth: 'operator',
    summary: 'Samples and 75th percentile of LCP, INP and CLS per remote release over the last hours (operator)',
    query: VitalsSummaryQuerySchema,
    response: VitalsSummariesSchema,
  }),
};
