// remotes.json as the host reads it: the runtime remote registry (docs/decisions/004, 056). Its
// writers are registry-writers.mjs.
import { z } from 'zod/mini';
import { FILES, REMOTE_NAMES } from './constants.mjs';

function isManifestUrl(url: string): boolean {
  try {
    return new URL(url).pathname.endsWith(`/${FILES.manifest}`);
  } catch {
    return false;
  }
}

const ManifestUrl = z.url({ protocol: /^https?$/ }).check(z.refine(isManifestUrl, { error: `must be the URL of an ${FILES.manifest}` }));

export const RemoteEntrySchema = z.object({
  /** URL of the remote's `mf-manifest.json` — a release is just a different URL. */
  entry: ManifestUrl,
  /** URL prefixes the remote owns, e.g. `/Lotto`; matched per path segment, case-insensitively. */
  routes: z.array(z.string().check(z.regex(/^\/[^/]+$/))).check(z.minLength(1)),
  /**
   * A release tried on a share of players before it replaces `entry` (docs/decisions/056). Each
   * browser falls in the same bucket on every visit, so a player never flips between releases.
   */
  canary: z.optional(z.object({ entry: ManifestUrl, share: z.number().check(z.gte(0), z.lte(100)) })),
});

/**
 * `/remotes.json`: the runtime remote registry. Repointing, rolling back or starting a canary is
 * an edit of this file, never a host rebuild.
 */
export const RemoteRegistrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES as [(typeof REMOTE_NAMES)[number], ...(typeof REMOTE_NAMES)[number][]]), RemoteEntrySchema),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistrySchema>;
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;
