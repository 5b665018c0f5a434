import { fetchEndpoint } from '@suwerte/contracts/core';
import { telemetryEndpoints } from '@suwerte/contracts/telemetry';
import type { RemoteErrorReport, VitalsReport } from '@suwerte/federation';

/** Sent with no credentials, and even if the page reloads (or is left) right after. */
const options = (api: string, send: typeof fetch) => ({ api, init: { credentials: 'omit', keepalive: true } satisfies RequestInit, fetch: send });

/** Sends one report (telemetry.ts decides whether), with its checked body and no credentials. */
export async function sendReport(report: RemoteErrorReport, api: string, send: typeof fetch): Promise<void> {
  await fetchEndpoint(telemetryEndpoints.reportRemoteError, { body: report }, options(api, send));
}

/** Sends one measurement of this page (vitals.ts decides whether), the same way. */
export async function sendVitals(report: VitalsReport, api: string, send: typeof fetch): Promise<void> {
  await fetchEndpoint(telemetryEndpoints.reportVitals, { body: report }, options(api, send));
}
