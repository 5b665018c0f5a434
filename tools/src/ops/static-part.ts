import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { federationEnv } from '../../../deploy/scripts/federation-env.mjs';
import { REPO_ROOT } from '../site';

/**
 * Runs one static part (the host or a remote) exactly as its container does: the image's
 * entrypoint script (deploy/static/entrypoint.sh) renders the nginx configuration from the
 * templates in deploy/nginx and the environment, then becomes Debian's nginx. As in the image,
 * nginx never runs as root: when this process is root, the part runs as `nobody`.
 */

export const ENTRYPOINT = path.join(REPO_ROOT, 'deploy', 'static', 'entrypoint.sh');
export const TEMPLATE_DIR = path.join(REPO_ROOT, 'deploy', 'nginx');
export const REGISTRY_TEMPLATE_SCRIPT = path.join(REPO_ROOT, 'deploy', 'scripts', 'registry-template.mjs');

let envFile: string | null = null;

/**
 * The federation constants the entrypoint reads, as the images carry them in
 * /etc/suwerte/federation.env (deploy/scripts/federation-env.mjs), written once per process where
 * `nobody` can read it.
 */
export function federationEnvFile(): string {
  if (!envFile) {
    const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-federation-env-'));
    chmodSync(dir, 0o755);
    envFile = path.join(dir, 'federation.env');
    writeFileSync(envFile, federationEnv(), { mode: 0o644 });
  }
  return envFile;
}

/** uid/gid of `nobody`, the unprivileged user nginx runs as when the tests run as root. */
const NOBODY = { uid: 65534, gid: 65534 };

export function nginxBinary(): string {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed: run `bash tools/ensure-system-deps.sh nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static`');
}

const runningAsRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** Makes a folder the unprivileged nginx user can write (a no-op unless we are root). */
export function makeWritableForNginx(dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (runningAsRoot()) {
    chownSync(dir, NOBODY.uid, NOBODY.gid);
    chmodSync(dir, 0o755);
  }
}

export interface StaticPartOptions {
  part: 'host' | 'remote';
  /** The production build to serve. */
  appDir: string;
  port: number;
  /** Folder for the rendered config, pid and scratch files (created). */
  runtimeDir: string;
  /** A remote's releases folder (its volume in the container). */
  releasesDir?: string;
  /** A remote's release (version) name. */
  release?: string;
  /** The host's registry template (deploy/scripts/registry-template.mjs output). */
  registryTemplate?: string;
  /** The environment the container would get (PLAYER_API_URL, REMOTE_*_URL…). */
  env: Record<string, string>;
}

export interface RunningPart {
  url: string;
  /** nginx master's process id (a restart would change it). */
  pid: number;
  stop: () => Promise<void>;
}

function entrypointEnv(options: StaticPartOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    SUWERTE_PART: options.part,
    FEDERATION_ENV: federationEnvFile(),
    APP_DIR: options.appDir,
    RUNTIME_DIR: options.runtimeDir,
    RELEASES_DIR: options.releasesDir ?? path.join(options.runtimeDir, 'releases'),
    TEMPLATE_DIR,
    REGISTRY_TEMPLATE: options.registryTemplate ?? path.join(options.runtimeDir, 'missing-template.json'),
    // The host's registry as last pointed (its volume in the container).
    REGISTRY_DIR: path.join(options.runtimeDir, 'registry'),
    RELEASE: options.release ?? '',
    LISTEN: `127.0.0.1:${options.port}`,
    NGINX_WORKERS: '1',
    ACCESS_LOG: 'off',
    NGINX_BIN: nginxBinary(),
    ...options.env,
  };
}

/** The command that runs the entrypoint, as `nobody` when we are root (like USER nginx in the image). */
function command(): [string, string[]] {
  if (!runningAsRoot()) return ['sh', [ENTRYPOINT]];
  return ['setpriv', [`--reuid=${NOBODY.uid}`, `--regid=${NOBODY.gid}`, '--clear-groups', 'sh', ENTRYPOINT]];
}

/** Renders a part's configuration and checks it with `nginx -t`, without serving. */
export function checkStaticPart(options: StaticPartOptions): { status: number; output: string } {
  makeWritableForNginx(options.runtimeDir);
  if (options.releasesDir) makeWritableForNginx(options.releasesDir);
  const [bin, args] = command();
  const result = spawnSync(bin, args, { env: { ...entrypointEnv(options), SUWERTE_CHECK_ONLY: '1' }, encoding: 'utf8' });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

async function waitForPort(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx for ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(url, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx for ${url} did not answer within 15 s:\n${output()}`);
}

/** Starts a part; resolves once nginx answers on its port. */
export async function startStaticPart(options: StaticPartOptions): Promise<RunningPart> {
  makeWritableForNginx(options.runtimeDir);
  if (options.releasesDir) makeWritableForNginx(options.releasesDir);
  const [bin, args] = command();
  const child = spawn(bin, args, { env: entrypointEnv(options), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${options.port}`;
  try {
    await waitForPort(`http://127.0.0.1:${options.port}/`, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid ?? -1,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        // nginx's fast shutdown; its workers exit with it.
        child.kill('SIGTERM');
      }),
  };
}
