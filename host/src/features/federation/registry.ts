import { z } from 'zod';

// Parsed right after the first paint, possibly before anything else: no JIT (the CSP forbids eval).
z.config({ jitless: true });

/** The four remotes the host knows how to mount. */
export const REMOTE_NAMES = ['members', 'lotto', 'sports', 'karera'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const RemoteEntrySchema = z.object({
  /** URL of the remote's `mf-manifest.json` (or `remoteEntry.js`) — a version is just a different URL. */
  entry: z.url(),
  /** URL prefixes the remote owns, e.g. `/Lotto`; matched per path segment, case-insensitively. */
  routes: z.array(z.string().regex(/^\/[^/]+$/)).min(1),
});

/**
 * `/remotes.json`: the runtime remote registry. Repointing or rolling back a remote is an edit
 * of this file, never a host rebuild.
 */
export const RemoteRegistrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), RemoteEntrySchema),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistrySchema>;
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;

let registryPromise: Promise<RemoteRegistry> | null = null;

/** Loads `/remotes.json` once per page; a broken file leaves the host up with no remotes. */
export function loadRemoteRegistry(url = '/remotes.json'): Promise<RemoteRegistry> {
  registryPromise ??= fetch(url, { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return RemoteRegistrySchema.parse(await response.json());
    })
    .catch((error: unknown) => {
      console.warn('Remote registry unavailable; remote pages will show as unavailable.', error);
      return { remotes: {} };
    });
  return registryPromise;
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
