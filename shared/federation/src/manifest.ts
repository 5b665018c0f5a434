import { z } from 'zod';
import { RemoteRequirementsSchema } from './compatibility';

/**
 * The parts of a remote's `mf-manifest.json` the host reads: where its `remoteEntry.js` is, and
 * what it needs from the host (the `suwerte` section our build adds). Everything else is the
 * federation runtime's business.
 */
export const RemoteManifestSchema = z.object({
  name: z.string().min(1),
  metaData: z.object({
    publicPath: z.string().optional(),
    remoteEntry: z.object({ name: z.string().min(1), path: z.string().default('') }),
  }),
  suwerte: RemoteRequirementsSchema.optional(),
});
export type RemoteManifest = z.infer<typeof RemoteManifestSchema>;

/** The URL of a release's `remoteEntry.js`, from its manifest and the manifest's own URL. */
export function remoteEntryUrl(manifest: RemoteManifest, manifestUrl: string): string {
  const { publicPath, remoteEntry } = manifest.metaData;
  // 'auto' (our remotes): files sit beside the manifest, so the release folder travels with the URL.
  const base = !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).href;
  const file = remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name;
  return new URL(file, base).href;
}
