// The production host that every remote's own test command loads its build into, built once per
// version of the host's sources and reused by the next remote's command (docs/decisions/220).
//
// The folder is named by a hash of everything the host's build reads: the files of host/, shared/,
// tools/rspack/ and deploy/scripts/ (tracked or new, as git lists them, with their contents), the
// root package files and tsconfigs, and the environment variables its config reads. A change of any
// of them names another folder, so a stale host is never reused. Two commands that start together
// (CI runs the remotes' commands two at a time) build it once: the second waits for the first.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../site';
import { buildRemote } from './remote-build';

/** What the host's build reads (paths from the repo root; folders are listed through git). */
export const HOST_BUILD_INPUTS = ['host', 'shared', 'tools/rspack', 'deploy/scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.browser.json'];
/** Environment variables tools/rspack/create-config.mjs reads. */
const HOST_BUILD_ENV = ['NODE_ENV', 'SUWERTE_API_URL', 'WEBPACK_SERVE'];
/** Host builds kept (the newest), so the cache does not grow with every edit. */
const KEEP = 3;
/** How long a waiting command lets another one build before building its own. */
const WAIT_MS = 180_000;

export const HOST_CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'suwerte-smoke-host');

/** A hash of the host build's inputs: file names and contents, and the environment it reads. */
export function hostBuildKey(root = REPO_ROOT): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...HOST_BUILD_INPUTS], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256');
  for (const file of new Set(files)) {
    const full = path.join(root, file);
    // A file deleted in the working tree is still in git's index: it is not an input any more.
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    hash.update(`${file}\0`).update(readFileSync(full)).update('\0');
  }
  for (const name of HOST_BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex').slice(0, 24);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes all but the newest `KEEP` builds (never `current`). */
function prune(current: string): void {
  const builds = readdirSync(HOST_CACHE_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{24}$/.test(entry.name) && entry.name !== current)
    .map((entry) => ({ name: entry.name, time: statSync(path.join(HOST_CACHE_DIR, entry.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of builds.slice(KEEP - 1)) rmSync(path.join(HOST_CACHE_DIR, name), { recursive: true, force: true });
}

export interface HostBuild {
  dir: string;
  /** Whether this call built it (false: an earlier command's build of the same sources). */
  built: boolean;
}

/**
 * The host's production build for the sources as they are now: from the cache, or built into it.
 * A build is written into a folder of its own and renamed into place when complete, so a reader
 * never sees half a build; a lock folder (mkdir is atomic) makes a concurrent command wait for it.
 */
export async function prebuiltHost(): Promise<HostBuild> {
  mkdirSync(HOST_CACHE_DIR, { recursive: true });
  const key = hostBuildKey();
  const dir = path.join(HOST_CACHE_DIR, key);
  const lock = path.join(HOST_CACHE_DIR, `${key}.lock`);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(path.join(dir, 'index.html'))) return { dir, built: false };
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another command is building it; a lock older than the wait is a crashed command's.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (Date.now() > deadline || age > WAIT_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      await sleep(250);
    }
  }
  try {
    if (existsSync(path.join(dir, 'index.html'))) return { dir, built: false };
    const staging = path.join(HOST_CACHE_DIR, `${key}.${process.pid}.partial`);
    rmSync(staging, { recursive: true, force: true });
    try {
      await buildRemote({ remote: 'host', outDir: staging });
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    prune(key);
    return { dir, built: true };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
