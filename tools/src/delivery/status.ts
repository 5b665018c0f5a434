import { EndpointCallError, fetchEndpoint, telemetryEndpoints } from '@suwerte/contracts';
import { releaseOfEntry, type RemoteErrorCount, type VitalsSummary } from '@suwerte/federation';
import { PublishError } from './errors';
import type { Registry } from './registry-file';
import { describeVitals } from './vitals';

/** An operator's access token for the player API's operator routes. */
export const OPERATOR_TOKEN_VARIABLE = 'SUWERTE_OPERATOR_TOKEN';

/** An operator route of the player API's telemetry, its refusals said in the operator's terms. */
async function operatorCall<T>(call: () => Promise<T>, api: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof EndpointCallError)) throw error;
    if (error.status === null) throw new PublishError(`cannot reach the player API at ${api}: ${error.message}`);
    if (error.status === 401 || error.status === 403) {
      throw new PublishError(`the player API refused the token in ${OPERATOR_TOKEN_VARIABLE} (HTTP ${error.status}): it must be an operator's`);
    }
    throw new PublishError(error.message);
  }
}

const telemetryQuery = (remote: string | undefined, hours: number) => ({ query: { hours, ...(remote ? { remote } : {}) } });

/** Failures per release over the last `hours`, from the player API (operators only). */
export function fetchErrorCounts(api: string, token: string, remote: string | undefined, hours: number): Promise<RemoteErrorCount[]> {
  return operatorCall(() => fetchEndpoint(telemetryEndpoints.remoteErrorCounts, telemetryQuery(remote, hours), { api, token }), api);
}

/** Players' vitals (samples and p75 of LCP, INP, CLS) per release over the last `hours` (operators only). */
export function fetchVitals(api: string, token: string, remote: string | undefined, hours: number): Promise<VitalsSummary[]> {
  return operatorCall(() => fetchEndpoint(telemetryEndpoints.vitalsSummary, telemetryQuery(remote, hours), { api, token }), api);
}

function describeErrors(counts: RemoteErrorCount[]): string {
  if (counts.length === 0) return 'no errors';
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return `${total} error${total === 1 ? '' : 's'} (${counts.map((row) => `${row.count} ${row.kind}`).join(', ')})`;
}

/** The status text: per remote, its pinned and canary releases, the errors of each and its players' vitals. */
export function formatStatus(registry: Registry, counts: RemoteErrorCount[], vitals: VitalsSummary[], remotes: string[], hours: number): string {
  const lines: string[] = [];
  for (const remote of remotes) {
    const entry = registry.remotes[remote];
    if (!entry) continue;
    const mine = counts.filter((row) => row.remote === remote);
    const myVitals = vitals.filter((row) => row.remote === remote);
    const shown = new Set<string>();
    const releaseLine = (role: string, release: string, note: string) => {
      lines.push(`  ${role.padEnd(7)} ${release.padEnd(12)} ${note.padEnd(24)} ${describeErrors(mine.filter((row) => row.release === release))}`);
      lines.push(`  ${''.padEnd(7)} ${''.padEnd(12)} ${''.padEnd(24)} ${describeVitals(myVitals, release)}`);
    };
    const line = (role: string, url: string, note: string) => {
      const release = releaseOfEntry(url);
      shown.add(release);
      releaseLine(role, release, note);
    };
    lines.push(`${remote}  (errors in the last ${hours} h)`);
    line('pinned', entry.entry, entry.canary ? `${100 - entry.canary.share} % of players` : 'all players');
    if (entry.canary) line('canary', entry.canary.entry, `${entry.canary.share} % of players`);
    const others = [...new Set([...mine, ...myVitals].map((row) => row.release))].filter((release) => !shown.has(release));
    for (const release of others) releaseLine('other', release, '(overrides, old pages)');
  }
  return lines.join('\n');
}
