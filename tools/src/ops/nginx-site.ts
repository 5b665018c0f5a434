import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES, REPO_ROOT, type Remote } from '../site';
import { REGISTRY_TEMPLATE_SCRIPT, startStaticPart, type RunningPart } from './static-part';

/**
 * The static site as docker compose runs it — the host and the four remotes, each its own nginx
 * rendered by the image's entrypoint from the same templates and environment variables — over
 * the production builds in the work tree. The player API is not part of it (pass its URL).
 */
export interface NginxSiteOptions {
  /** host = base, members…karera = base+1…+4. */
  portBase: number;
  /** The player API as the browser reaches it. */
  apiUrl: string;
  /** Release name each remote's build is published under at start. @default '1.0.0' */
  releases?: Partial<Record<Remote, string>>;
  /** REMOTE_<NAME>_VERSION given to the host (which release it points at). @default the remote's release */
  hostVersions?: Partial<Record<Remote, string>>;
  /** REMOTE_<NAME>_CANARY_VERSION / _SHARE given to the host. */
  canaries?: Partial<Record<Remote, { version: string; share: number }>>;
  /** Extra environment for every part. */
  env?: Record<string, string>;
}

export interface NginxSite {
  hostUrl: string;
  remoteUrl: (remote: Remote) => string;
  /** The host's generated /remotes.json on disk — what an operator edits. */
  remotesJsonPath: string;
  /** A remote's releases folder (its volume in the container). */
  releasesDir: (remote: Remote) => string;
  /** nginx master pid of the host. */
  hostPid: number;
  /**
   * A deploy of one remote, as its container does it: the remote's server restarts with another
   * build and release, publishing it beside the releases already on its volume.
   */
  redeployRemote: (remote: Remote, options: { appDir: string; release: string }) => Promise<void>;
  stop: () => Promise<void>;
}

const upper = (remote: Remote) => remote.toUpperCase();

export async function startNginxSite(options: NginxSiteOptions): Promise<NginxSite> {
  const base = mkdtempSync(path.join(tmpdir(), 'suwerte-nginx-'));
  // nginx runs unprivileged and must reach the folders below.
  chmodSync(base, 0o755);
  const remoteUrl = (remote: Remote) => `http://localhost:${options.portBase + 1 + REMOTES.indexOf(remote)}`;
  const hostUrl = `http://localhost:${options.portBase}`;
  const common = { PLAYER_API_URL: options.apiUrl, ...options.env };
  const parts: RunningPart[] = [];
  const remoteParts = new Map<Remote, RunningPart>();
  const stopAll = async () => {
    for (const part of parts.splice(0)) await part.stop();
  };
  const release = (remote: Remote) => options.releases?.[remote] ?? '1.0.0';
  const startRemote = async (remote: Remote, appDir: string, name: string) => {
    const part = await startStaticPart({
      part: 'remote',
      appDir,
      port: options.portBase + 1 + REMOTES.indexOf(remote),
      runtimeDir: path.join(base, remote, 'runtime'),
      releasesDir: path.join(base, remote, 'releases'),
      release: name,
      env: common,
    });
    parts.push(part);
    remoteParts.set(remote, part);
  };

  try {
    for (const remote of REMOTES) await startRemote(remote, path.join(REPO_ROOT, `remote-${remote}`, 'dist'), release(remote));
    // The image makes this template at build time from the host build's remotes.json.
    const registryTemplate = path.join(base, 'remotes.template.json');
    writeFileSync(
      registryTemplate,
      execFileSync(process.execPath, [REGISTRY_TEMPLATE_SCRIPT, path.join(REPO_ROOT, 'host', 'dist', 'remotes.json')]),
    );
    const hostEnv: Record<string, string> = { ...common };
    for (const remote of REMOTES) {
      hostEnv[`REMOTE_${upper(remote)}_URL`] = remoteUrl(remote);
      hostEnv[`REMOTE_${upper(remote)}_VERSION`] = options.hostVersions?.[remote] ?? release(remote);
      const canary = options.canaries?.[remote];
      if (canary) {
        hostEnv[`REMOTE_${upper(remote)}_CANARY_VERSION`] = canary.version;
        hostEnv[`REMOTE_${upper(remote)}_CANARY_SHARE`] = String(canary.share);
      }
    }
    const host = await startStaticPart({
      part: 'host',
      appDir: path.join(REPO_ROOT, 'host', 'dist'),
      port: options.portBase,
      runtimeDir: path.join(base, 'host', 'runtime'),
      registryTemplate,
      env: hostEnv,
    });
    parts.push(host);
    return {
      hostUrl,
      remoteUrl,
      remotesJsonPath: path.join(base, 'host', 'runtime', 'registry', 'remotes.json'),
      releasesDir: (remote) => path.join(base, remote, 'releases'),
      hostPid: host.pid,
      redeployRemote: async (remote, { appDir, release: name }) => {
        const running = remoteParts.get(remote);
        if (running) {
          await running.stop();
          parts.splice(parts.indexOf(running), 1);
        }
        await startRemote(remote, appDir, name);
      },
      stop: async () => {
        await stopAll();
        rmSync(base, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    rmSync(base, { recursive: true, force: true });
    throw error;
  }
}

/** Reads a JSON file (e.g. the host's remotes.json). */
export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
