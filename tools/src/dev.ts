// `npm run dev`: every part in development mode with hot reload — the player API (tsx watch), the
// host and the four remotes (rspack serve), each its own process group so that stopping dev
// (Ctrl+C) stops every process it started, grandchildren included.
//
//   npm run dev [-- --port-base 3000] [--api-port 4000] [--api-url http://localhost:4000]
//
// The host listens on the base port and the remotes on the next four (members, lotto, sports,
// karera); SUWERTE_DEV_PORT_BASE, SUWERTE_API_PORT and SUWERTE_API_URL do the same as the flags.
// Today's ports are the defaults; two checkouts run side by side with different bases.
// SUWERTE_DEV_ROOT runs the parts of another checkout (the dev-loop test runs a copy it edits).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PORT, HOST_PORT, remotePort } from '@suwerte/federation';
import { REMOTES, REPO_ROOT } from './site';

export interface DevOptions {
  /** The host's port; remotes on the next four. */
  portBase: number;
  /** The player API's port. */
  apiPort: number;
  /** The API's URL as the browser reaches it. */
  apiUrl: string;
}

export class DevOptionsError extends Error {
  override name = 'DevOptionsError';
}

function port(name: string, value: string): number {
  const number = Number(value);
  if (!/^[0-9]+$/.test(value) || number < 1 || number > 65_530) throw new DevOptionsError(`${name} must be a port number (got '${value}')`);
  return number;
}

/** The options from the command line, then the environment, then today's defaults. */
export function devOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): DevOptions {
  const { values } = parseArgs({
    args: argv,
    options: { 'port-base': { type: 'string' }, 'api-port': { type: 'string' }, 'api-url': { type: 'string' } },
  });
  const portBase = port('--port-base', values['port-base'] ?? env.SUWERTE_DEV_PORT_BASE ?? String(HOST_PORT));
  const apiPort = port('--api-port', values['api-port'] ?? env.SUWERTE_API_PORT ?? String(API_PORT));
  const apiUrl = values['api-url'] ?? env.SUWERTE_API_URL ?? `http://localhost:${apiPort}`;
  if (!/^https?:\/\/[^/]+/.test(apiUrl)) throw new DevOptionsError(`--api-url must be an http(s) URL (got '${apiUrl}')`);
  const taken = [portBase, ...REMOTES.map((remote) => remotePort(remote, portBase))];
  if (taken.includes(apiPort)) throw new DevOptionsError(`--api-port ${apiPort} is one of the site's ports (${taken.join(', ')})`);
  return { portBase, apiPort, apiUrl };
}

export interface DevPart {
  part: string;
  port: number;
  args: string[];
  env: Record<string, string>;
}

/** What runs: each part's own dev command (`npm run dev -w <part>`), with its port and the API URL. */
export function devParts({ portBase, apiPort, apiUrl }: DevOptions): DevPart[] {
  const api = { SUWERTE_API_URL: apiUrl };
  // The API answers only listed origins: the host and the remotes on this run's ports.
  const siteOrigins = [portBase, ...REMOTES.map((remote) => remotePort(remote, portBase))].map((port) => `http://localhost:${port}`);
  return [
    { part: 'player-api', port: apiPort, args: [], env: { PORT: String(apiPort), PUBLIC_URL: apiUrl, CORS_ORIGINS: siteOrigins.join(',') } },
    ...REMOTES.map((remote) => {
      const port = remotePort(remote, portBase);
      return { part: `remote-${remote}`, port, args: ['--port', String(port)], env: api };
    }),
    { part: 'host', port: portBase, args: ['--port', String(portBase)], env: api },
  ];
}

export interface RunningDev {
  parts: DevPart[];
  /** Stops every process of every part; resolves once none is left. */
  stop: () => Promise<void>;
}

export interface StartDevOptions {
  /** The checkout to run. @default this one */
  root?: string;
  /** Extra environment for every part (e.g. the API's DATABASE_PATH in a test). */
  env?: Record<string, string>;
  /** Where the parts' output goes, one line at a time. */
  log?: (part: string, line: string) => void;
}

/** Whether a process group still has a member. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 8000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Starts every part in its own process group. */
export function startDev(options: DevOptions, { root = REPO_ROOT, env = {}, log = () => undefined }: StartDevOptions = {}): RunningDev {
  const parts = devParts(options);
  const children: ChildProcess[] = [];
  for (const part of parts) {
    const args = ['run', 'dev', '-w', part.part, ...(part.args.length > 0 ? ['--', ...part.args] : [])];
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, ...part.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own group: rspack, tsx and the API they start are stopped with it.
      detached: true,
    });
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(part.part, line);
    };
    child.stdout?.on('data', relay);
    child.stderr?.on('data', relay);
    children.push(child);
  }
  let stopping: Promise<void> | null = null;
  return {
    parts,
    stop: () => {
      stopping ??= Promise.all(children.map(stopGroup)).then(() => undefined);
      return stopping;
    },
  };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  let options: DevOptions;
  try {
    options = devOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(64);
  }
  const dev = startDev(options, {
    root: process.env.SUWERTE_DEV_ROOT ?? REPO_ROOT,
    log: (part, line) => process.stdout.write(`${`[${part}]`.padEnd(17)} ${line}\n`),
  });
  console.info(`\n  Suwerte (development): http://localhost:${options.portBase} — demo login demoplayer / suwerte123`);
  console.info(`  player API ${options.apiUrl} · remotes on ports ${dev.parts.filter((part) => part.part.startsWith('remote-')).map((part) => part.port).join(', ')}\n`);
  let exiting = false;
  const stop = () => {
    if (exiting) return;
    exiting = true;
    console.info('\n  Stopping every part…');
    void dev.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
