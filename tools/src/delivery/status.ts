import { EndpointCallError, fetchEndpoint, telemetryEndpoints } from '@suwerte/contracts';
import { releaseOfEntry, type RemoteErrorCount } from '@suwerte/federation';
import { PublishError } from './errors';
import type { Registry } from './registry-file';

/** An operator's access token for the player API's operator routes. */
export const OPERATOR_TOKEN_VARIABLE = 'SUWERTE_OPERATOR_TOKEN';

/** Failures per release over the last `hours`, from the player API (operators only). */
export async function fetchErrorCounts(api: string, token: string, remote: string | undefined, hours: number): Promise<RemoteErrorCount[]> {
  try {
    return await fetchEndpoint(telemetryEndpoints.remoteErrorCounts, { query: { hours, ...(remote ? { remote } : {}) } }, { api, token });
  } catch (error) {
    if (!(error instanceof EndpointCallError)) throw error;
    if (error.status === null) throw new PublishError(`cannot reach the player API at ${api}: ${error.message}`);
    if (error.status === 401 || error.status === 403) {
      throw new PublishError(`the player API refused the token in ${OPERATOR_TOKEN_VARIABLE} (HTTP ${error.status}): it must be an operator's`);
    }
    throw new PublishError(error.message);
  }
}

function describeErrors(counts: RemoteErrorCount[]): string {
  if (counts.length === 0) return 'no errors';
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return `${total} error${total === 1 ? '' : 's'} (${counts.map((row) => `${row.count} ${row.kind}`).join(', ')})`;
}

/** The status text: per remote, its pinned and canary releases and the errors of each. */
export function formatStatus(registry: Registry, counts: RemoteErrorCount[], remotes: string[], hours: number): string {
  const lines: string[] = [];
  for (const remote of remotes) {
    const entry = registry.remotes[remote];
    if (!entry) continue;
    const mine = counts.filter((row) => row.remote === remote);
    const shown = new Set<string>();
    const line = (role: string, url: string, note: string) => {
      const release = releaseOfEntry(url);
      shown.add(release);
      lines.push(`  ${role.padEnd(7)} ${release.padEnd(12)} ${note.padEnd(24)} ${describeErrors(mine.filter((row) => row.release === release))}`);
    };
    lines.push(`${remote}  (errors in the last ${hours} h)`);
    line('pinned', entry.entry, entry.canary ? `${100 - entry.canary.share} % of players` : 'all players');
    if (entry.canary) line('canary', entry.canary.entry, `${entry.canary.share} % of players`);
    const others = [...new Set(mine.map((row) => row.release))].filter((release) => !shown.has(release));
    for (const release of others) {
      lines.push(`  ${'other'.padEnd(7)} ${release.padEnd(12)} ${'(overrides, old pages)'.padEnd(24)} ${describeErrors(mine.filter((row) => row.release === release))}`);
    }
  }
  return lines.join('\n');
}
