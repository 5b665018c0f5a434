import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RELEASE_PATTERN, type RemoteManifest } from '@suwerte/federation';
import { ENTRYPOINT, federationEnvFile } from '../ops/static-part';
import { PublishError } from './errors';

export function assertRelease(version: string): void {
  if (!RELEASE_PATTERN.test(version)) throw new PublishError(`"${version}" is not a version such as 1.4.2`);
}

export interface PublishOptions {
  remote: string;
  /** The remote's production build. */
  dist: string;
  /** The folder holding this remote's releases (a CDN folder, the remote server's volume). */
  releasesDir: string;
  version: string;
}

/** A build's precompressed twins (tools/rspack/precompress.mjs), by extension: how to decode one. */
const TWINS: Record<string, (data: Buffer) => Buffer> = { '.br': brotliDecompressSync, '.gz': gunzipSync };

/** Whether a twin decodes to its file (false when it does not decode, or the file is gone). */
function holds(decode: (data: Buffer) => Buffer, twin: string, original: string): boolean {
  try {
    return existsSync(original) && decode(readFileSync(twin)).equals(readFileSync(original));
  } catch {
    return false;
  }
}

/**
 * The twins in a build that do not decode to the file beside them (a file changed after the build):
 * the servers send a twin as it is, so a stale one would hand players the old file.
 */
export function staleTwins(dist: string): string[] {
  const stale: string[] = [];
  for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()) {
    const decode = TWINS[path.extname(name)];
    if (!decode) continue;
    const original = path.join(dist, name.slice(0, -path.extname(name).length));
    if (!holds(decode, path.join(dist, name), original)) stale.push(name);
  }
  return stale;
}

/**
 * Copies a build to `<releasesDir>/<version>/`. Releases are immutable: a version that exists
 * is refused, whatever its content, so a URL always means the same code.
 */
export function publishRelease({ remote, dist, releasesDir, version }: PublishOptions): string {
  assertRelease(version);
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile) || !existsSync(path.join(dist, 'remoteEntry.js'))) {
    throw new PublishError(`${dist} is not a remote's production build (no mf-manifest.json / remoteEntry.js)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<RemoteManifest>;
  if (manifest.name !== remote) {
    throw new PublishError(`${dist} is the build of "${String(manifest.name)}", not of ${remote}`);
  }
  const stale = staleTwins(dist);
  if (stale.length > 0) {
    throw new PublishError(`${dist}: ${stale.join(', ')} no longer match the files beside them (changed after the build): rebuild, or delete those compressed copies`);
  }
  const target = path.join(releasesDir, version);
  if (existsSync(target)) {
    throw new PublishError(`${remote} ${version} is already published at ${target}; releases never change — publish a new version`);
  }
  // Copied under a hidden name first (never served), then renamed: a release appears whole.
  const staging = path.join(releasesDir, `.incoming-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(dist, staging, { recursive: true });
  renameSync(staging, target);
  return target;
}

/** Releases in a releases folder, oldest first by publish time. */
export function listReleases(releasesDir: string): string[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir)
    .filter((name) => RELEASE_PATTERN.test(name) && existsSync(path.join(releasesDir, name, 'mf-manifest.json')))
    .sort((a, b) => statSync(path.join(releasesDir, a)).mtimeMs - statSync(path.join(releasesDir, b)).mtimeMs);
}

export interface PruneOptions {
  releasesDir: string;
  /** How many of the newest releases to keep besides the pinned ones (at least 1). */
  keep: number;
  /** Releases that must stay whatever their age: those the registry points at, those named. */
  pinned: string[];
}

/**
 * Removes old releases: everything but the pinned ones and the newest `keep`, each renamed out of
 * the way first (never served half-deleted), then removed. The rule has one implementation, the
 * containers' own (deploy/static/entrypoint.sh prune), run here on the folder.
 */
export function pruneReleases({ releasesDir, keep, pinned }: PruneOptions): { kept: string[]; removed: string[] } {
  const before = listReleases(releasesDir);
  const result = spawnSync('sh', [ENTRYPOINT, 'prune', '--keep', String(keep), ...pinned.flatMap((release) => ['--pin', release])], {
    encoding: 'utf8',
    // No release is "served" by a folder of releases: only the pinned ones and the newest stay.
    env: { PATH: process.env.PATH, RELEASES_DIR: releasesDir, RELEASE: '', RELEASE_FILE: path.join(releasesDir, '.no-served-release'), FEDERATION_ENV: federationEnvFile() },
  });
  if (result.status !== 0) throw new PublishError((result.stderr || result.stdout || 'prune failed').trim().replace(/^suwerte-entrypoint: /, ''));
  const after = new Set(listReleases(releasesDir));
  return { kept: before.filter((name) => after.has(name)), removed: before.filter((name) => !after.has(name)) };
}

/** The manifest URL of a release on a remote's server; no version = the server's own release. */
export function releaseEntry(baseUrl: string, version?: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(base)) throw new PublishError(`"${baseUrl}" is not an absolute http(s) URL`);
  if (version === undefined || version === 'current') return `${base}/mf-manifest.json`;
  assertRelease(version);
  return `${base}/${version}/mf-manifest.json`;
}
