// Where the registry is and which remote owns a path: zod-free, so the deep-link warm-up reads them
// before the registry's schema has arrived (docs/decisions/210).
import { FILES, REMOTE_NAMES, type RemoteName } from '@suwerte/federation';

export const REGISTRY_URL = `/${FILES.registry}`;

/** How the registry is read: revalidated (it is served no-cache). */
export const REGISTRY_READ: RequestInit = { cache: 'no-cache' };

/** The part of a registry entry that says which paths a remote owns. */
interface OwnedPaths {
  routes: readonly string[];
}

/** The remote owning a path, by its first segment (React Router matches case-insensitively too). */
export function findRemoteForPath(registry: { remotes: Partial<Record<RemoteName, OwnedPaths>> }, pathname: string): RemoteName | null {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (!first) return null;
  for (const name of REMOTE_NAMES) {
    const entry = registry.remotes[name];
    if (entry?.routes.some((prefix) => prefix.slice(1).toLowerCase() === first)) return name;
  }
  return null;
}
