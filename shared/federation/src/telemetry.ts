import { z } from 'zod/mini';
import { RELEASE_PATTERN } from './release';

/** What went wrong with a remote in a player's page. */
export const REMOTE_ERROR_KINDS = ['load', 'render', 'incompatible'] as const;
export type RemoteErrorKind = (typeof REMOTE_ERROR_KINDS)[number];

/**
 * What every report from a page says about where it comes from (remote errors, vitals), and
 * nothing more: which remote release, on which route prefix.
 */
export const TelemetryTagFields = {
  remote: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/)),
  /** The release folder (`1.4.2`), or `current` for a remote followed at its server's root. */
  release: z.union([z.literal('current'), z.string().check(z.maxLength(64), z.regex(RELEASE_PATTERN))]),
  /** The first path segment the page was on, e.g. `/Lotto`. */
  route: z.string().check(z.maxLength(64), z.regex(/^\/[A-Za-z0-9_-]*$/)),
  /** A canary release (remotes.json `canary`) rather than the pinned one. */
  canary: z._default(z.boolean(), false),
};

/**
 * `POST /telemetry/remote-errors`: one failure of one remote release in a page. No personal
 * data: no user, token, query string or full path — the route prefix only.
 */
export const RemoteErrorReportSchema = z.strictObject({
  ...TelemetryTagFields,
  kind: z.enum(REMOTE_ERROR_KINDS),
  /** The error's message, cut short. */
  message: z.string().check(z.maxLength(300)),
});
export type RemoteErrorReport = z.infer<typeof RemoteErrorReportSchema>;

/** One row of `GET /operator/telemetry/remote-errors`: failures per remote, release and kind. */
export const RemoteErrorCountSchema = z.object({
  remote: z.string(),
  release: z.string(),
  kind: z.enum(REMOTE_ERROR_KINDS),
  count: z.int().check(z.nonnegative()),
  lastAt: z.string(),
});
export type RemoteErrorCount = z.infer<typeof RemoteErrorCountSchema>;
export const RemoteErrorCountsSchema = z.array(RemoteErrorCountSchema);
