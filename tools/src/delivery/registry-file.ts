import { renameSync, writeFileSync } from 'node:fs';
import { releaseOfEntry } from '@suwerte/federation';
import { PublishError } from './errors';
import { readJson } from './sources';

export interface RegistryRemote {
  entry: string;
  routes: string[];
  canary?: { entry: string; share: number };
  [key: string]: unknown;
}

export interface Registry {
  remotes: Record<string, RegistryRemote>;
  [key: string]: unknown;
}

const MANIFEST_URL = /^https?:\/\/[^/]+\/(.*\/)?mf-manifest\.json$/;

export function assertManifestUrl(entry: string): void {
  if (!MANIFEST_URL.test(entry)) throw new PublishError(`"${entry}" is not the URL of an mf-manifest.json`);
}

/** Checks the shape the host needs (the host validates it again, in full) and keeps everything else. */
export function parseRegistry(data: unknown, source: string): Registry {
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new PublishError(`${source} has no "remotes" object`);
  for (const [name, value] of Object.entries(remotes)) {
    const remote = value as Partial<RegistryRemote> | null;
    if (typeof remote?.entry !== 'string' || !Array.isArray(remote.routes)) {
      throw new PublishError(`${source}: remote "${name}" needs an "entry" URL and "routes"`);
    }
    const canary = remote.canary as { entry?: unknown; share?: unknown } | undefined;
    if (canary !== undefined && (typeof canary.entry !== 'string' || typeof canary.share !== 'number')) {
      throw new PublishError(`${source}: the canary of "${name}" needs an "entry" URL and a "share"`);
    }
  }
  return data as Registry;
}

export async function readRegistry(source: string): Promise<Registry> {
  return parseRegistry(await readJson(source), source);
}

/** Writes a registry whole (a new file renamed over the old): a page never reads half of it. */
export function writeRegistry(file: string, registry: Registry): void {
  const staging = `${file}.next`;
  writeFileSync(staging, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(staging, file);
}

export function remoteOf(registry: Registry, remote: string, source: string): RegistryRemote {
  const entry = registry.remotes[remote];
  if (!entry) throw new PublishError(`${source} has no remote "${remote}"`);
  return entry;
}

/** Release names the registry uses for a remote (pinned and canary): never pruned. */
export function releasesInUse(registry: Registry, remote: string): string[] {
  const entry = registry.remotes[remote];
  if (!entry) return [];
  return [entry.entry, entry.canary?.entry].filter((url): url is string => url !== undefined).map(releaseOfEntry).filter((name) => name !== 'current');
}
