import { RemoteRegistrySchema, type RemoteRegistry } from '@suwerte/federation';
import { REGISTRY_READ, REGISTRY_URL } from './registry-paths';
import { z } from 'zod/mini';
import { takeEarly } from './early-reads';

// Parsed right after the first paint, possibly before anything else: no JIT (the CSP forbids eval).
z.config({ jitless: true });

/** Reads `/remotes.json` from the server. */
export async function fetchRemoteRegistry(url = REGISTRY_URL): Promise<RemoteRegistry> {
  const response = await fetch(url, REGISTRY_READ);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return RemoteRegistrySchema.parse(await response.json());
}

/** The page's first read: the deep-link warm-up's answer when it read the file already (early-reads.ts). */
async function firstRead(url: string): Promise<RemoteRegistry> {
  const early = await takeEarly(url);
  if (!early) return fetchRemoteRegistry(url);
  if (!early.ok) throw new Error(`${url} answered HTTP ${early.status}`);
  return RemoteRegistrySchema.parse(JSON.parse(early.text));
}

let registry: Promise<RemoteRegistry> | null = null;

/**
 * The registry for this page, read once. A failure is never remembered: the next navigation (or
 * Retry) reads the file again, so a registry that was briefly unreachable costs one page, not the
 * rest of the visit.
 */
export function loadRemoteRegistry(url = REGISTRY_URL): Promise<RemoteRegistry> {
  if (!registry) {
    const attempt = firstRead(url).catch((error: unknown) => {
      if (registry === attempt) registry = null;
      throw error;
    });
    registry = attempt;
  }
  return registry;
}

/** Forgets the registry read (tests). */
export function resetRemoteRegistry(): void {
  registry = null;
}

export { REGISTRY_READ, REGISTRY_URL, findRemoteForPath } from './registry-paths';
