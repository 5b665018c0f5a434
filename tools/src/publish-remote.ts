// Versioned remotes: publish a remote's production build under its version beside the releases
// already published, and point the host's remotes.json at one of them (a rollback is the same
// command with the older version). The host is never rebuilt or restarted: it reads
// remotes.json (served no-cache) on every page load.
//
//   tsx tools/src/publish-remote.ts publish lotto --to /srv/cdn/lotto [--dist remote-lotto/dist] [--version 1.4.2]
//   tsx tools/src/publish-remote.ts point lotto --registry /srv/site/remotes.json --url https://cdn.example.com/lotto --version 1.4.2
//   tsx tools/src/publish-remote.ts point lotto --registry … --url … --version current    (the server's own release)
//   tsx tools/src/publish-remote.ts point lotto --registry … --entry <previous entry>      (roll back)
//   tsx tools/src/publish-remote.ts list --to /srv/cdn/lotto
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTES, REPO_ROOT, type Remote } from './site';

/** 1.4.2, 1.5.0-rc.1 — the same rule as deploy/static/entrypoint.sh. */
export const VERSION_PATTERN = /^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$/;

export class PublishError extends Error {
  override name = 'PublishError';
}

function assertVersion(version: string): void {
  if (!VERSION_PATTERN.test(version)) throw new PublishError(`"${version}" is not a version such as 1.4.2`);
}

function isRemote(value: string): value is Remote {
  return (REMOTES as readonly string[]).includes(value);
}

export interface PublishOptions {
  remote: Remote;
  /** The remote's production build. */
  dist: string;
  /** The folder holding this remote's releases (a CDN folder, the remote server's volume). */
  releasesDir: string;
  version: string;
}

/** Copies a build to `<releasesDir>/<version>/`. Published releases are immutable. */
export function publishRelease({ remote, dist, releasesDir, version }: PublishOptions): string {
  assertVersion(version);
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile) || !existsSync(path.join(dist, 'remoteEntry.js'))) {
    throw new PublishError(`${dist} is not a remote's production build (no mf-manifest.json / remoteEntry.js)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name?: unknown };
  if (manifest.name !== remote) {
    throw new PublishError(`${dist} is the build of "${String(manifest.name)}", not of ${remote}`);
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
    .filter((name) => VERSION_PATTERN.test(name) && existsSync(path.join(releasesDir, name, 'mf-manifest.json')))
    .sort((a, b) => statSync(path.join(releasesDir, a)).mtimeMs - statSync(path.join(releasesDir, b)).mtimeMs);
}

/** The manifest URL of a release on a remote's server; no version = the server's own release. */
export function releaseEntry(baseUrl: string, version?: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(base)) throw new PublishError(`"${baseUrl}" is not an absolute http(s) URL`);
  if (version === undefined || version === 'current') return `${base}/mf-manifest.json`;
  assertVersion(version);
  return `${base}/${version}/mf-manifest.json`;
}

interface Registry {
  remotes: Record<string, { entry: string; routes: string[] }>;
}

function readRegistry(file: string): Registry {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new PublishError(`${file} has no "remotes" object`);
  for (const [name, value] of Object.entries(remotes)) {
    const remote = value as { entry?: unknown; routes?: unknown };
    if (typeof remote.entry !== 'string' || !Array.isArray(remote.routes)) {
      throw new PublishError(`${file}: remote "${name}" needs an "entry" URL and "routes"`);
    }
  }
  return data as Registry;
}

/**
 * Points one remote of a remotes.json at `entry`, keeping its routes and every other remote.
 * Returns the previous entry: pointing back at it is the rollback.
 */
export function pointRemote(registryPath: string, remote: Remote, entry: string): string {
  const registry = readRegistry(registryPath);
  const current = registry.remotes[remote];
  if (!current) throw new PublishError(`${registryPath} has no remote "${remote}"`);
  const previous = current.entry;
  current.entry = entry;
  const staging = `${registryPath}.next`;
  writeFileSync(staging, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(staging, registryPath);
  return previous;
}

function versionOf(remote: Remote): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, `remote-${remote}`, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

const USAGE = `usage:
  publish-remote publish <remote> --to <releases dir> [--dist <build>] [--version <x.y.z>]
  publish-remote point <remote> --registry <remotes.json> --url <remote base URL> --version <x.y.z|current>
  publish-remote point <remote> --registry <remotes.json> --entry <mf-manifest.json URL>
  publish-remote list --to <releases dir>
remotes: ${REMOTES.join(', ')}`;

export function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      dist: { type: 'string' },
      version: { type: 'string' },
      registry: { type: 'string' },
      url: { type: 'string' },
      entry: { type: 'string' },
    },
  });
  const [command, remoteArg] = positionals;
  try {
    if (command === 'list' && values.to) {
      console.info(listReleases(values.to).join('\n') || '(no releases)');
      return 0;
    }
    if (!remoteArg || !isRemote(remoteArg)) throw new PublishError(USAGE);
    if (command === 'publish' && values.to) {
      const version = values.version ?? versionOf(remoteArg);
      const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, `remote-${remoteArg}`, 'dist'));
      const target = publishRelease({ remote: remoteArg, dist, releasesDir: path.resolve(values.to), version });
      console.info(`published ${remoteArg} ${version} → ${target}`);
      console.info(`releases now: ${listReleases(path.resolve(values.to)).join(', ')}`);
      return 0;
    }
    if (command === 'point' && values.registry && (values.entry || (values.url && values.version))) {
      const entry = values.entry ?? releaseEntry(values.url ?? '', values.version);
      if (!/^https?:\/\/[^/]+\/.*mf-manifest\.json$/.test(entry)) throw new PublishError(`"${entry}" is not the URL of an mf-manifest.json`);
      const previous = pointRemote(values.registry, remoteArg, entry);
      console.info(`${remoteArg}: ${previous} → ${entry}`);
      console.info(`roll back: publish-remote point ${remoteArg} --registry ${values.registry} --entry ${previous}`);
      return 0;
    }
    throw new PublishError(USAGE);
  } catch (error) {
    if (error instanceof PublishError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) process.exit(main(process.argv.slice(2)));
