import rateLimit from '@fastify/rate-limit';
import { RemoteErrorReportSchema } from '@suwerte/shared/federation';
import { z } from 'zod';
import type { Feature } from '../../context';
import { EnvError } from '../../config/env';
import { currentOperator } from '../../lib/auth';
import { HttpError, parseBody } from '../../lib/errors';
import { TELEMETRY_MIGRATIONS, countRemoteErrors, recordRemoteError } from './remote-errors';

export const DEFAULT_REPORTS_PER_MINUTE = 60;
export const TOO_MANY_REPORTS_TEXT = 'Too many error reports; please wait a minute';

const PerMinute = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(100_000).default(DEFAULT_REPORTS_PER_MINUTE),
);

/** TELEMETRY_REPORTS_PER_MINUTE: how many reports one address may send per minute. */
export function loadReportsPerMinute(source: NodeJS.ProcessEnv = process.env): number {
  const parsed = PerMinute.safeParse(source.TELEMETRY_REPORTS_PER_MINUTE);
  if (!parsed.success) throw new EnvError(`Invalid environment: TELEMETRY_REPORTS_PER_MINUTE ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

const CountsQuerySchema = z.object({
  /** How far back to count. */
  hours: z.coerce.number().int().min(1).max(24 * 14).default(24),
  remote: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/).optional(),
});

export interface TelemetryOptions {
  /** Reports one address may send per minute. @default TELEMETRY_REPORTS_PER_MINUTE or 60 */
  reportsPerMinute?: number;
}

/**
 * Remote releases failing in players' pages (docs/decisions/056): the host reports each load,
 * render or compatibility failure with the release; `publish-remote status` reads the counts to
 * decide on a canary.
 */
export function createTelemetryFeature(options: TelemetryOptions = {}): Feature {
  return {
    name: 'telemetry',
    migrations: TELEMETRY_MIGRATIONS,
    async register(app, ctx) {
      const max = options.reportsPerMinute ?? loadReportsPerMinute();
      // Only this feature's routes: limits for logins and the rest are decided elsewhere.
      await app.register(rateLimit, {
        global: false,
        errorResponseBuilder: () => new HttpError(429, TOO_MANY_REPORTS_TEXT),
      });

      /** POST /telemetry/remote-errors (no auth: visitors' pages fail too) → 204. */
      app.post(
        '/telemetry/remote-errors',
        { bodyLimit: 4096, config: { rateLimit: { max, timeWindow: '1 minute' } } },
        async (request, reply) => {
          recordRemoteError(ctx.db, parseBody(RemoteErrorReportSchema, request.body), ctx.now());
          return reply.code(204).send();
        },
      );

      /** GET /operator/telemetry/remote-errors?hours=24&remote=lotto (operators) → counts per release. */
      app.get('/operator/telemetry/remote-errors', { preHandler: ctx.authenticate }, async (request) => {
        currentOperator(request);
        const query = CountsQuerySchema.parse(request.query);
        const since = new Date(ctx.now().getTime() - query.hours * 3_600_000);
        return countRemoteErrors(ctx.db, since, query.remote);
      });
    },
  };
}

export const telemetryFeature = createTelemetryFeature();
