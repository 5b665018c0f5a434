// Independent delivery of remotes (docs/decisions/051–056), for a static host or CDN and for the
// operator's checks:
//
//   publish <remote> --to <releases dir> [--dist <build>] [--version 1.4.2]
//       copy a build beside the releases already published; an existing version is refused.
//   point <remote> --registry <remotes.json> (--url <base> --version <x.y.z|current> | --entry <manifest URL>) [--host <dir|URL>]
//       make a release the one every player gets — only if the host can run it (checked against
//       the host's federation-host.json, beside remotes.json unless --host says otherwise).
//   canary <remote> --registry … (--url … --version … | --entry …) --share <1-99> [--host …]
//       give a release to that share of players (each browser keeps its side).
//   promote <remote> --registry … --api <player API URL> [--hours 24] [--force]
//       the canary becomes the release of every player — unless players' p75 LCP or INP is more
//       than 15 % worse on it than on the pinned release (each with enough samples; --force skips).
//   abort <remote> --registry …        the canary ends; everyone is back on the pinned release.
//   status [<remote>] --registry <remotes.json|URL> --api <player API URL> [--hours 24]
//       pinned and canary releases, the errors players' pages reported for each and their vitals
//       (p75 LCP, INP, CLS with the samples; the operator's token in SUWERTE_OPERATOR_TOKEN).
//   list --to <releases dir>
//   prune <remote> --to <releases dir> --keep <n> (--registry <remotes.json|URL> | --pin <x.y.z>)…
//       remove old releases, keeping those remotes.json uses, those pinned and the newest n.
//
// The host is never rebuilt or restarted: it reads remotes.json (served no-cache) on every page load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { releaseOfEntry } from '@suwerte/federation';
import { assertHostCanRun, defaultHost } from './delivery/compatibility-check';
import { PublishError } from './delivery/errors';
import { assertManifestUrl, readRegistry, releasesInUse, remoteOf, writeRegistry } from './delivery/registry-file';
import { listReleases, pruneReleases, publishRelease, releaseEntry } from './delivery/releases';
import { OPERATOR_TOKEN_VARIABLE, fetchErrorCounts, fetchVitals, formatStatus } from './delivery/status';
import { judgeCanaryVitals } from './delivery/vitals';
import { isUrl } from './delivery/sources';
import { REMOTES, REPO_ROOT, type Remote } from './site';

export { PublishError } from './delivery/errors';
export { listReleases, pruneReleases, publishRelease, releaseEntry, staleTwins } from './delivery/releases';
export { RELEASE_PATTERN as VERSION_PATTERN } from '@suwerte/federation';

function isRemote(value: string): value is Remote {
  return (REMOTES as readonly string[]).includes(value);
}

/**
 * Points one remote of a remotes.json at `entry`, keeping its routes, its canary and every other
 * remote. Returns the previous entry: pointing back at it is the rollback.
 */
export async function pointRemote(registryPath: string, remote: Remote, entry: string, host?: string): Promise<string> {
  assertManifestUrl(entry);
  const registry = await readRegistry(registryPath);
  const current = remoteOf(registry, remote, registryPath);
  if (host !== undefined) await assertHostCanRun(remote, entry, host);
  const previous = current.entry;
  current.entry = entry;
  writeRegistry(registryPath, registry);
  return previous;
}

export async function startCanary(registryPath: string, remote: Remote, entry: string, share: number, host?: string): Promise<void> {
  assertManifestUrl(entry);
  if (!Number.isFinite(share) || share <= 0 || share >= 100) throw new PublishError('--share must be a percentage between 0 and 100 (exclusive)');
  const registry = await readRegistry(registryPath);
  const current = remoteOf(registry, remote, registryPath);
  if (entry === current.entry) throw new PublishError(`${remote} already runs ${entry} for every player`);
  if (host !== undefined) await assertHostCanRun(remote, entry, host);
  current.canary = { entry, share };
  writeRegistry(registryPath, registry);
}

/** The canary becomes the release of every player; returns the entry it replaced. */
export async function promoteCanary(registryPath: string, remote: Remote, host?: string): Promise<{ previous: string; entry: string }> {
  const registry = await readRegistry(registryPath);
  const current = remoteOf(registry, remote, registryPath);
  if (!current.canary) throw new PublishError(`${remote} has no canary to promote`);
  const { entry } = current.canary;
  if (host !== undefined) await assertHostCanRun(remote, entry, host);
  const previous = current.entry;
  current.entry = entry;
  delete current.canary;
  writeRegistry(registryPath, registry);
  return { previous, entry };
}

/** Ends the canary: every player is back on the pinned release. Returns the canary's entry. */
export async function abortCanary(registryPath: string, remote: Remote): Promise<string> {
  const registry = await readRegistry(registryPath);
  const current = remoteOf(registry, remote, registryPath);
  if (!current.canary) throw new PublishError(`${remote} has no canary`);
  const { entry } = current.canary;
  delete current.canary;
  writeRegistry(registryPath, registry);
  return entry;
}

function versionOf(remote: Remote): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, `remote-${remote}`, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

const USAGE = `usage (npm run publish-remote -- <command> …):
  publish-remote publish <remote> --to <releases dir> [--dist <build>] [--version <x.y.z>]
  publish-remote point <remote> --registry <remotes.json> (--url <base URL> --version <x.y.z|current> | --entry <manifest URL>) [--host <host dir or URL>]
  publish-remote canary <remote> --registry <remotes.json> (--url … --version … | --entry …) --share <percent> [--host …]
  publish-remote promote <remote> --registry <remotes.json> --api <player API URL> [--hours 24] [--host …] [--force]
  publish-remote abort <remote> --registry <remotes.json>
  publish-remote status [<remote>] --registry <remotes.json or its URL> --api <player API URL> [--hours 24]
  publish-remote list --to <releases dir>
  publish-remote prune <remote> --to <releases dir> --keep <n> [--registry <remotes.json or URL>] [--pin <x.y.z>]…
  publish-remote --help
remotes: ${REMOTES.join(', ')}`;

/** An argument as a POSIX shell reads it back: as it is when plain, else in single quotes. */
function shellWord(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that points `remote` back at `entry`, runnable as printed from the same folder:
 * npm's form (the way README runs this tool) and the host it was checked against (issue 36:
 * without `--host` the rollback checked against another host, or none at all).
 */
export function rollbackCommand(remote: Remote, registry: string, entry: string, host: string): string {
  return ['npm', 'run', 'publish-remote', '--', 'point', remote, '--registry', registry, '--entry', entry, '--host', host].map(shellWord).join(' ');
}

function operatorToken(): string {
  const token = process.env[OPERATOR_TOKEN_VARIABLE];
  if (!token) throw new PublishError(`set ${OPERATOR_TOKEN_VARIABLE} to an operator's access token (POST /player/login as an operator)`);
  return token;
}

/**
 * Before a promotion: players' p75 LCP and INP on the canary against the pinned release's over the
 * last `hours` (docs/decisions/218). Throws the refusal, with its figures; prints what it could
 * not compare.
 */
async function assertCanaryVitals(file: string, remote: Remote, api: string | undefined, hours: number): Promise<void> {
  const entry = remoteOf(await readRegistry(file), remote, file);
  if (!entry.canary) return;
  if (!api) {
    throw new PublishError(`promote compares players' vitals on the canary with the pinned release's: give --api <player API URL> (an operator's token in ${OPERATOR_TOKEN_VARIABLE}), or --force to promote without`);
  }
  const { refusal, notes } = judgeCanaryVitals(remote, entry, await fetchVitals(api, operatorToken(), remote, hours));
  if (refusal) throw new PublishError(refusal);
  for (const note of notes) console.info(`${remote}: ${note}`);
}

function entryFrom(values: { url?: string; version?: string; entry?: string }): string {
  if (values.entry) return values.entry;
  if (values.url && values.version) return releaseEntry(values.url, values.version);
  throw new PublishError(USAGE);
}

async function run(argv: string[]): Promise<void> {
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
      host: { type: 'string' },
      share: { type: 'string' },
      api: { type: 'string' },
      hours: { type: 'string' },
      keep: { type: 'string' },
      pin: { type: 'string', multiple: true },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, remoteArg] = positionals;
  if (values.help || command === 'help') {
    console.info(USAGE);
    return;
  }
  if (command === 'list' && values.to) {
    console.info(listReleases(values.to).join('\n') || '(no releases)');
    return;
  }
  const hours = Number(values.hours ?? 24);
  if (command === 'status' && values.registry && values.api) {
    const registry = await readRegistry(values.registry);
    if (remoteArg !== undefined && !isRemote(remoteArg)) throw new PublishError(USAGE);
    const token = operatorToken();
    const [counts, vitals] = await Promise.all([fetchErrorCounts(values.api, token, remoteArg, hours), fetchVitals(values.api, token, remoteArg, hours)]);
    const remotes = remoteArg ? [remoteArg] : Object.keys(registry.remotes);
    console.info(formatStatus(registry, counts, vitals, remotes, hours));
    return;
  }
  if (!remoteArg || !isRemote(remoteArg)) throw new PublishError(USAGE);
  const remote = remoteArg;
  const registryFile = values.registry;
  const writable = () => {
    if (!registryFile || isUrl(registryFile)) throw new PublishError(`${command} edits remotes.json: --registry must be its file`);
    return registryFile;
  };
  switch (command) {
    case 'publish': {
      if (!values.to) break;
      const version = values.version ?? versionOf(remote);
      const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, `remote-${remote}`, 'dist'));
      const target = publishRelease({ remote, dist, releasesDir: path.resolve(values.to), version });
      console.info(`published ${remote} ${version} → ${target}`);
      console.info(`releases now: ${listReleases(path.resolve(values.to)).join(', ')}`);
      return;
    }
    case 'point': {
      const file = writable();
      const entry = entryFrom(values);
      const host = defaultHost(file, values.host);
      const previous = await pointRemote(file, remote, entry, host);
      console.info(`${remote}: ${previous} → ${entry}`);
      console.info(`roll back: ${rollbackCommand(remote, file, previous, host)}`);
      return;
    }
    case 'canary': {
      const file = writable();
      const entry = entryFrom(values);
      const share = Number(values.share);
      await startCanary(file, remote, entry, share, defaultHost(file, values.host));
      console.info(`${remote}: canary ${releaseOfEntry(entry)} for ${share} % of players (${entry})`);
      console.info(`then: publish-remote status ${remote} --registry ${file} --api <player API>, and promote or abort`);
      return;
    }
    case 'promote': {
      const file = writable();
      if (values.force) console.info(`${remote}: promoting without comparing players' vitals (--force)`);
      else await assertCanaryVitals(file, remote, values.api, hours);
      const host = defaultHost(file, values.host);
      const { previous, entry } = await promoteCanary(file, remote, host);
      console.info(`${remote}: canary ${releaseOfEntry(entry)} promoted for every player (was ${releaseOfEntry(previous)})`);
      console.info(`roll back: ${rollbackCommand(remote, file, previous, host)}`);
      return;
    }
    case 'abort': {
      const entry = await abortCanary(writable(), remote);
      console.info(`${remote}: canary ${releaseOfEntry(entry)} ended; every player is on the pinned release`);
      return;
    }
    case 'prune': {
      if (!values.to || values.keep === undefined) break;
      const pinned = [...(values.pin ?? [])];
      if (values.registry) pinned.push(...releasesInUse(await readRegistry(values.registry), remote));
      if (pinned.length === 0) throw new PublishError('prune keeps the releases players use: give --registry <remotes.json> or --pin <x.y.z>');
      const { kept, removed } = pruneReleases({ releasesDir: path.resolve(values.to), keep: Number(values.keep), pinned });
      console.info(`${remote}: removed ${removed.join(', ') || 'nothing'}; kept ${kept.join(', ')}`);
      return;
    }
  }
  throw new PublishError(USAGE);
}

/** The command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    if (error instanceof PublishError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) process.exit(await main(process.argv.slice(2)));
