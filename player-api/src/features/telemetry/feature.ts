import rateLimit from '@fastify/rate-limit';
import { telemetryEndpoints } from '@suwerte/contracts';
import { z } from 'zod';
import type { Feature } from '../../context';
import { parseEnvPart } from '../../config/env';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { countRemoteErrors, recordRemoteError } from './remote-errors';
import { recordVital, summarizeVitals } from './vitals';
import { TELEMETRY_SCHEMA } from './schema';

export const DEFAULT_REPORTS_PER_MINUTE = 60;
export const TOO_MANY_REPORTS_TEXT = 'Too many error reports; please wait a minute';
export const TOO_MANY_VITALS_TEXT = 'Too many vitals reports; please wait a minute';
/** A report is a few hundred bytes; anything much larger is not one. */
export const REPORT_BODY_LIMIT = 4096;

export const TelemetryEnvSchema = z.object({
  TELEMETRY_REPORTS_PER_MINUTE: z.preprocess(
    // Unset and empty both take the default (docker compose passes `FOO=` as '').
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000).default(DEFAULT_REPORTS_PER_MINUTE),
  ),
});

/** TELEMETRY_REPORTS_PER_MINUTE: how many reports (and counts) one address may ask for per minute. */
export function loadReportsPerMinute(source: NodeJS.ProcessEnv = process.env): number {
  return parseEnvPart(TelemetryEnvSchema, source, 'Invalid environment for remote error reports').TELEMETRY_REPORTS_PER_MINUTE;
}

export interface TelemetryOptions {
  /** Requests one address may send per minute to each of these routes. @default TELEMETRY_REPORTS_PER_MINUTE or 60 */
  reportsPerMinute?: number;
}

/**
 * Remote releases failing in players' pages (docs/decisions/056): the host reports each load,
 * render or compatibility failure with the release; `publish-remote status` reads the counts to
 * decide on a canary. Real players' vitals per release (docs/decisions/215–219): sampled page
 * loads report LCP, INP and CLS with the page's remote release; `status` prints their 75th
 * percentiles and `promote` compares the canary's with the pinned release's.
 */
export function createTelemetryFeature(options: TelemetryOptions = {}): Feature {
  return {
    name: 'telemetry',
    ...TELEMETRY_SCHEMA,
    async register(app, ctx) {
      const max = options.reportsPerMinute ?? loadReportsPerMinute();
      // This feature's scope only: every route here is limited per address; the API's other
      // limits are decided elsewhere. Several nodes count in Redis together (decision 121); while
      // Redis is unreachable a report is let through (a report costs one small row, unlike a
      // guessed password).
      const shared = ctx.cluster.sharedCounters();
      await app.register(rateLimit, {
        max,
        timeWindow: '1 minute',
        // Each route counts on its own (by default 60 error reports and 60 vitals a minute): a
        // page's measurements never use up the error reports' allowance.
        keyGenerator: (request) => `${request.routeOptions.url ?? ''} ${request.ip}`,
        errorResponseBuilder: (request) => new HttpError(429, request.routeOptions.url === telemetryEndpoints.reportVitals.path ? TOO_MANY_VITALS_TEXT : TOO_MANY_REPORTS_TEXT),
        ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}telemetry:`, skipOnError: true } : {}),
      });
      app.addHook('onRoute', (route) => {
        route.bodyLimit = REPORT_BODY_LIMIT;
      });
      registerEndpoint(app, ctx, telemetryEndpoints.reportRemoteError, async ({ body }) => {
        await recordRemoteError(ctx.store.db, body, ctx.now());
        return { accepted: true as const };
      });
      registerEndpoint(app, ctx, telemetryEndpoints.remoteErrorCounts, ({ query }) =>
        countRemoteErrors(ctx.store.db, new Date(ctx.now().getTime() - query.hours * 3_600_000), query.remote),
      );
      registerEndpoint(app, ctx, telemetryEndpoints.reportVitals, async ({ body }) => {
        await recordVital(ctx.store.db, body, ctx.now());
        return { accepted: true as const };
      });
      registerEndpoint(app, ctx, telemetryEndpoints.vitalsSummary, ({ query }) =>
        summarizeVitals(ctx.store.db, new Date(ctx.now().getTime() - query.hours * 3_600_000), query.remote),
      );
    },
  };
}

export const telemetryFeature = createTelemetryFeature();
