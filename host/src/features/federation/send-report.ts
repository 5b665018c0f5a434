import { fetchEndpoint } from '@suwerte/contracts/core';
import { telemetryEndpoints } from '@suwerte/contracts/telemetry';
import type { RemoteErrorReport } from '@suwerte/federation';

/** Sends one report (telemetry.ts decides whether), with its checked body and no credentials. */
export async function sendReport(report: RemoteErrorReport, api: string, send: typeof fetch): Promise<void> {
  await fetchEndpoint(telemetryEndpoints.reportRemoteError, { body: report }, {
    api,
    // Sent even if the page reloads for a new release right after.
    init: { credentials: 'omit', keepalive: true },
    fetch: send,
  });
}
