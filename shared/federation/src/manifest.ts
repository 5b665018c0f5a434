import { z } from 'zod/mini';
import { RemoteRequirementsSchema } from './compatibility';

/**
 * The parts of a remote's `mf-manifest.json` the host reads: where its `remoteEntry.js` is, and
 * what it needs from the host (the `suwerte` section our build adds). Everything else is the
 * federation runtime's business.
 */
export const RemoteManifestSchema = z.object({
  name: z.string().check(z.minLength(1)),
  metaData: z.object({
    publicPath: z.optional(z.string()),
    remoteEntry: z.object({ name: z.string().check(z.minLength(1)), path: z._default(z.string(), '') }),
  }),
  suwerte: z.optional(RemoteRequirementsSchema),
});
export type RemoteManifest = z.infer<typeof RemoteManifestSchema>;

export { releaseFileUrl, remoteEntryUrl, type ManifestEntryFields } from './entry-url';
