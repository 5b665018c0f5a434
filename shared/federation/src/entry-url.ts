// Zod-free, so a page can place its container before the manifest's schema (and zod) have arrived:
// the host's deep-link warm-up reads it (docs/decisions/210).

/** What the container's URL depends on in a remote's `mf-manifest.json`. */
export interface ManifestEntryFields {
  metaData: { publicPath?: string | undefined; remoteEntry: { name: string; path: string } };
}

/** The URL of one of a release's files (as its manifest names them), from the manifest and its own URL. */
export function releaseFileUrl(manifest: ManifestEntryFields, manifestUrl: string, file: string): string {
  const { publicPath } = manifest.metaData;
  // 'auto' (our remotes): files sit beside the manifest, so the release folder travels with the URL.
  const base = !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).href;
  return new URL(file, base).href;
}

/** The URL of a release's `remoteEntry.js`, from its manifest and the manifest's own URL. */
export function remoteEntryUrl(manifest: ManifestEntryFields, manifestUrl: string): string {
  const { remoteEntry } = manifest.metaData;
  return releaseFileUrl(manifest, manifestUrl, remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name);
}
