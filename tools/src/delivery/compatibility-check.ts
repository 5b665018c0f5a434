import {
  HostProvisionsSchema,
  RemoteManifestSchema,
  checkCompatibility,
  describeIncompatibility,
  releaseOfEntry,
  type HostProvisions,
  type RemoteManifest,
} from '@suwerte/federation';
import { PublishError } from './errors';
import { besides, isUrl, readJson } from './sources';

/** Written by the host's build next to its index.html (tools/rspack/federation-contract.mjs). */
export const HOST_PROVISIONS_FILE = 'federation-host.json';

export async function readManifest(entry: string): Promise<RemoteManifest> {
  const parsed = RemoteManifestSchema.safeParse(await readJson(entry));
  if (!parsed.success) throw new PublishError(`${entry} is not a remote's mf-manifest.json`);
  return parsed.data;
}

/** What the host serving the site provides: `<host>/federation-host.json`, `<host>` a folder or a URL. */
export async function readHostProvisions(host: string): Promise<HostProvisions> {
  const source = host.endsWith('.json') ? host : besides(host, HOST_PROVISIONS_FILE);
  const parsed = HostProvisionsSchema.safeParse(await readJson(source));
  if (!parsed.success) throw new PublishError(`${source} is not the host's ${HOST_PROVISIONS_FILE}`);
  return parsed.data;
}

/**
 * Refuses a release the host cannot run — before any player sees it — naming the exports it
 * imports that the host lacks, or the major it needs.
 */
export async function assertHostCanRun(remote: string, entry: string, host: string): Promise<void> {
  const manifest = await readManifest(entry);
  if (manifest.name !== remote) throw new PublishError(`${entry} is the manifest of "${manifest.name}", not of ${remote}`);
  const problems = checkCompatibility(manifest.suwerte, await readHostProvisions(host));
  if (problems.length > 0) {
    throw new PublishError(
      `${remote} ${releaseOfEntry(entry)} cannot run on this site's host (${host}); nothing was changed:\n` +
        describeIncompatibility(problems)
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n'),
    );
  }
}

/** The host to check against: given, or the folder of a registry file (the host serves both). */
export function defaultHost(registry: string, host: string | undefined): string {
  if (host) return host;
  if (isUrl(registry)) return new URL('/', registry).href;
  return registry.replace(/[/\\][^/\\]*$/, '') || '.';
}
