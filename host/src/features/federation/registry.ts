import { z } from 'zod';
import { setRegistryUnavailable } from './registry-status';

// Parsed right after the first paint, possibly before anything else: no JIT (the CSP forbids eval).
z.config({ jitless: true });

/** The four remotes the host knows how to mount. */
export const REMOTE_NAMES = ['members', 'lotto', 'sports', 'karera'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

function isManifestUrl(url: string): boolean {
  try {
    return new URL(url).pathname.endsWith('/mf-manifest.json');
  } catch {
    return false;
  }
}

const ManifestUrl = z.url({ protocol: /^https?$/ }).refine(isManifestUrl, { error: 'must be the URL of an mf-manifest.json' });

const RemoteEntrySchema = z.object({
  /** URL of the remote's `mf-manifest.json` — a release is just a different URL. */
  entry: ManifestUrl,
  /** URL prefixes the remote owns, e.g. `/Lotto`; matched per path segment, case-insensitively. */
  routes: z.array(z.string().regex(/^\/[^/]+$/)).min(1),
  /**
   * A release tried on a share of players before it replaces `entry` (docs/decisions/056). Each
   * browser falls in the same bucket on every visit, so a player never flips between releases.
   */
  canary: z.object({ entry: ManifestUrl, share: z.number().min(0).max(100) }).optional(),
});

/**
 * `/remotes.json`: the runtime remote registry. Repointing, rolling back or starting a canary is
 * an edit of this file, never a host rebuild.
 */
export const RemoteRegistrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), RemoteEntrySchema),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistrySchema>;
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;

export const REGISTRY_URL = '/remotes.json';

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
