import { FILES, REMOTE_NAMES, RemoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@suwerte/federation';
import { z } from 'zod';
import { setRegistryUnavailable } from './registry-status';

// Parsed right after the first paint, possibly before anything else: no JIT (the CSP forbids eval).
z.config({ jitless: true });

export const REGISTRY_URL = `/${FILES.registry}`;

/** Reads `/remotes.json` from the server (revalidated: it is served no-cache). */
export async function fetchRemoteRegistry(url = REGISTRY_URL): Promise<RemoteRegistry> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return RemoteRegistrySchema.parse(await response.json());
}

let registry: Promise<RemoteRegistry> | null = null;

/**
 * The registry for this page, read once. A failure is never remembered: the next navigation (or
 * Retry) reads the file again, so a registry that was briefly unreachable costs one page, not the
 * rest of the visit.
 */
export function loadRemoteRegistry(url = REGISTRY_URL): Promise<RemoteRegistry> {
  if (!registry) {
    const attempt = fetchRemoteRegistry(url).then(
      (value) => {
        setRegistryUnavailable(false);
        return value;
      },
      (error: unknown) => {
        if (registry === attempt) registry = null;
        setRegistryUnavailable(true);
        throw error;
      },
    );
    registry = attempt;
  }
  return registry;
}

/** Forgets the registry read (tests). */
export function resetRemoteRegistry(): void {
  registry = null;
}

/** The remote owning a path, by its first segment (React Router matches case-insensitively too). */
export function findRemoteForPath(registry: RemoteRegistry, pathname: string): RemoteName | null {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (!first) return null;
  for (const name of REMOTE_NAMES) {
    const entry = registry.remotes[name];
    if (entry?.routes.some((prefix) => prefix.slice(1).toLowerCase() === first)) return name;
  }
  return null;
}
