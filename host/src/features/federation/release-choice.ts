import { releaseOfEntry, siblingRelease } from '@suwerte/federation';
import type { RemoteEntry } from '@suwerte/federation';

export const CANARY_SEED_KEY = 'suwerte:canary-seed';

/** The release a page uses for one remote, and why. */
export interface ReleaseChoice {
  /** Its mf-manifest.json. */
  entry: string;
  /** Its release name (`1.4.2`), or `current` for the server's own release. */
  release: string;
  /** Chosen as the remote's canary for this browser. */
  canary: boolean;
  /** Chosen by this browser's override (the site flags it). */
  override: boolean;
}

function randomSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** FNV-1a, 32 bits: spreads seeds evenly, and is the same in every browser. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * This browser's place, 0 ≤ bucket < 100, in a remote's canary: sticky (a random seed kept in
 * localStorage, nothing about the player), and independent per remote.
 */
export function canaryBucket(remote: string, storage: Storage | null = safeLocalStorage()): number {
  let seed = storage?.getItem(CANARY_SEED_KEY) ?? null;
  if (!seed || !/^[0-9a-f]{32}$/.test(seed)) {
    seed = randomSeed();
    storage?.setItem(CANARY_SEED_KEY, seed);
  }
  return (hash(`${seed}:${remote}`) % 10_000) / 100;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The release of a remote for this page: the browser's override if it has one (always beside the
 * release remotes.json names, on the same origin), else the canary if the browser's bucket falls
 * within its share, else the pinned entry.
 */
export function chooseRelease(entry: RemoteEntry, options: { override?: string | undefined; bucket: number }): ReleaseChoice {
  if (options.override) {
    const url = siblingRelease(entry.entry, options.override);
    if (url) return { entry: url, release: options.override, canary: false, override: true };
  }
  if (entry.canary && options.bucket < entry.canary.share) {
    return { entry: entry.canary.entry, release: releaseOfEntry(entry.canary.entry), canary: true, override: false };
  }
  return { entry: entry.entry, release: releaseOfEntry(entry.entry), canary: false, override: false };
}
