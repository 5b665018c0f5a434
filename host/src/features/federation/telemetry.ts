import { forSiteType, whenRuntimeConfig } from '@suwerte/shared';
import type { RemoteErrorReport } from '@suwerte/federation';

/** At most this many reports leave one page: a page stuck in a failing loop must not flood the API. */
const MAX_REPORTS_PER_PAGE = 10;
const sent = new Set<string>();

/** The first path segment, the only part of the address a report carries (ids stay home). */
export function routePrefix(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return `/${/^[A-Za-z0-9_-]{0,63}$/.test(first) ? first : ''}`;
}

/**
 * Tells the player API that a remote release failed in this page (`POST /telemetry/remote-errors`),
 * once per distinct failure. Never throws and never delays the page: a report that cannot be sent
 * is dropped. Sent with `fetchEndpoint`, not the API client: the client would add the player's
 * token, and a report carries nothing about the player.
 */
export function reportRemoteError(report: RemoteErrorReport, send: typeof fetch = fetch): void {
  const key = `${report.remote} ${report.release} ${report.kind} ${report.message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  // The sending code (the endpoint's contract, fetchEndpoint) is a chunk of its own: most pages never fail.
  void Promise.all([whenRuntimeConfig(), import('./send-report')])
    .then(([config, { sendReport }]) => sendReport(report, forSiteType(config.api), send))
    .catch(() => undefined);
}

/** Forgets what was sent (tests). */
export function resetReports(): void {
  sent.clear();
}
