import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PORT, FILES, HOST_PORT, REMOTE_NAMES, manifestUrl, registryWithEntries, remotePort, type RemoteName } from '@suwerte/federation';
import { runtimeConfig } from '../rspack/dev-runtime.mjs';
import { API_MALLOC_ENV } from './player-api-process';
import { serveStatic, type StaticServer } from './serve-static';

/** The monorepo root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The remotes (@suwerte/federation: their names and ports are defined there). */
export const REMOTES = REMOTE_NAMES;
export type Remote = RemoteName;

export interface SitePorts {
  host: number;
  api: number;
  remotes: Record<Remote, number>;
}

/** The ports of `npm start` (and the dev servers): @suwerte/federation's. */
export const DEFAULT_PORTS: SitePorts = {
  host: HOST_PORT,
  api: API_PORT,
  remotes: Object.fromEntries(REMOTES.map((remote) => [remote, remotePort(remote)])) as Record<Remote, number>,
};

/** Ports `base`, and the remotes' as far from it as from HOST_PORT, for host and remotes; `base+10` for the API. */
export function portsFrom(base: number): SitePorts {
  return {
    host: base,
    api: base + 10,
    remotes: Object.fromEntries(REMOTES.map((remote) => [remote, remotePort(remote, base)])) as Record<Remote, number>,
  };
}

export interface SiteOptions {
  ports?: SitePorts;
  /** SQLite file of the player API (a fresh path gives a fresh, seeded database). */
  databasePath: string;
  /** Extra environment for the player API (e.g. short Video Karera rounds in tests). */
  apiEnv?: Record<string, string>;
  /** Pages on other origins that call this site's API besides its own host and remotes (CORS). */
  extraCorsOrigins?: readonly string[];
  /** Host name the browser uses to reach every part. @default 'localhost' */
  publicHost?: string;
  /** Address servers bind to. @default '127.0.0.1' */
  bindHost?: string;
  /** Print the player API's log lines. @default false */
  apiLogs?: boolean;
}

export interface RunningSite {
  ports: SitePorts;
  hostUrl: string;
  apiUrl: string;
  remoteUrl: (remote: Remote) => string;
  remotesJson: () => string;
  /** Stops one remote's server (its route then shows the fallback). */
  stopRemote: (remote: Remote) => Promise<void>;
  startRemote: (remote: Remote) => Promise<void>;
  stopApi: () => Promise<void>;
  startApi: () => Promise<void>;
  stop: () => Promise<void>;
}

function distOf(folder: string): string {
  const dist = path.join(REPO_ROOT, folder, 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${folder}/dist is missing: run \`npm run build\` first.`);
  }
  return dist;
}

/** The browser-facing runtime config for a site whose API answers at `apiUrl` (the dev servers serve the same). */
export { runtimeConfig };

/** The host's `remotes.json` with every remote pointed at its server (routes from the build). */
export function remotesJson(remoteUrl: (remote: Remote) => string): string {
  const built = JSON.parse(readFileSync(path.join(distOf('host'), FILES.registry), 'utf8')) as Parameters<typeof registryWithEntries>[0];
  return JSON.stringify(registryWithEntries(built, (remote) => manifestUrl(remoteUrl(remote))), null, 2);
}

async function waitFor(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process for ${url} exited`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the whole site from production builds: player API, host and the four remotes. */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const ports = options.ports ?? DEFAULT_PORTS;
  const publicHost = options.publicHost ?? 'localhost';
  const bindHost = options.bindHost ?? '127.0.0.1';
  const apiUrl = `http://${publicHost}:${ports.api}`;
  const hostUrl = `http://${publicHost}:${ports.host}`;
  const remoteUrl = (remote: Remote) => `http://${publicHost}:${ports.remotes[remote]}`;
  const apiEntry = path.join(REPO_ROOT, 'player-api', 'dist', 'main.js');
  if (!existsSync(apiEntry)) throw new Error('player-api/dist/main.js is missing: run `npm run build` first.');

  let api: ChildProcess | null = null;
  const startApi = async () => {
    const child = spawn(process.execPath, ['--enable-source-maps', apiEntry], {
      env: {
        ...API_MALLOC_ENV,
        ...process.env,
        // The site on one machine: demo data, the demo operator and the stand-ins for outside services.
        APP_MODE: 'demo',
        PORT: String(ports.api),
        HOST: bindHost,
        DATABASE_PATH: options.databasePath,
        PUBLIC_URL: apiUrl,
        CORS_ORIGINS: [hostUrl, ...REMOTES.map(remoteUrl), ...(options.extraCorsOrigins ?? [])].join(','),
        ...options.apiEnv,
      },
      stdio: ['ignore', options.apiLogs ? 'inherit' : 'ignore', 'inherit'],
    });
    api = child;
    await waitFor(`http://127.0.0.1:${ports.api}/health`, 20_000, () => child.exitCode === null);
  };
  const stopApi = async () => {
    const child = api;
    api = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };

  await startApi();
  const servers = new Map<Remote | 'host', StaticServer>();
  const startRemote = async (remote: Remote) => {
    servers.set(remote, await serveStatic({ root: distOf(`remote-${remote}`), port: ports.remotes[remote], host: bindHost }));
  };
  const stopRemote = async (remote: Remote) => {
    await servers.get(remote)?.close();
    servers.delete(remote);
  };
  try {
    for (const remote of REMOTES) await startRemote(remote);
    servers.set(
      'host',
      await serveStatic({
        root: distOf('host'),
        port: ports.host,
        host: bindHost,
        spa: true,
        overrides: { [`/${FILES.registry}`]: remotesJson(remoteUrl), [`/${FILES.runtimeConfig}`]: runtimeConfig(apiUrl) },
      }),
    );
  } catch (error) {
    await stopApi();
    for (const server of servers.values()) await server.close();
    throw error;
  }

  return {
    ports,
    hostUrl,
    apiUrl,
    remoteUrl,
    remotesJson: () => remotesJson(remoteUrl),
    stopRemote,
    startRemote,
    stopApi,
    startApi,
    stop: async () => {
      for (const server of servers.values()) await server.close();
      servers.clear();
      await stopApi();
    },
  };
}
