import { FILES, RELEASE_PATTERN_SOURCE } from './constants.mjs';

/** A release name: 1.4.2, 1.5.0-rc.1 (RELEASE_PATTERN_SOURCE: one rule for every part that names releases). */
export const RELEASE_PATTERN = new RegExp(RELEASE_PATTERN_SOURCE);

const MANIFEST = FILES.manifest;

/**
 * The folder a remote's releases sit in, from the manifest URL of any of them:
 * `https://cdn/lotto/1.4.2/mf-manifest.json` and `https://cdn/lotto/mf-manifest.json` (the
 * server's own release) both give `https://cdn/lotto`. Null for anything else.
 */
export function releasesBaseOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) return null;
  const segments = url.pathname.split('/');
  if (segments.pop() !== MANIFEST) return null;
  const last = segments.at(-1);
  if (last !== undefined && RELEASE_PATTERN.test(last)) segments.pop();
  return `${url.origin}${segments.join('/')}`;
}

/** The release named in a manifest URL (`…/1.4.2/mf-manifest.json` → '1.4.2'); 'current' without one. */
export function releaseOfEntry(entry: string): string {
  let segments: string[];
  try {
    segments = new URL(entry).pathname.split('/');
  } catch {
    return 'current';
  }
  const folder = segments.at(-2);
  return folder !== undefined && RELEASE_PATTERN.test(folder) ? folder : 'current';
}

/** The manifest URL of `release` beside the release `entry` points at; never another origin or folder. */
export function siblingRelease(entry: string, release: string): string | null {
  const base = releasesBaseOf(entry);
  if (base === null || !RELEASE_PATTERN.test(release)) return null;
  return `${base}/${release}/${MANIFEST}`;
}
