// Remote releases failing in players' pages (docs/decisions/056): the host's reports and the
// operator's counts per release, which `publish-remote status` prints for a canary.
import { z } from 'zod';
import { RemoteErrorCountsSchema, RemoteErrorReportSchema } from '@suwerte/federation';
import { defineEndpoint } from './define';

export const RemoteErrorCountsQuerySchema = z.object({
  /** How far back to count. */
  hours: z.coerce.number().int().min(1).max(24 * 14).default(24),
  remote: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/).optional(),
});

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
};
