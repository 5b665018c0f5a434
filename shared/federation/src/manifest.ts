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

export { releaseFileUrl, remoteEntryUrl, type ManifestEntryFields } from './entry-url';
