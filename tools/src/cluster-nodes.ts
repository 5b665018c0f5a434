// Several player-API nodes on one PostgreSQL database and one Redis, as an operator runs them
// (issue 14): each node its own process and port, the same signing secret, the same proofs
// folder. Used by the several-node tests (player-api/src/cluster/multi-node.postgres.test.ts)
// and by `npm run bench -- --only cluster`. Each node can be stopped as a deploy does (SIGTERM)
// or killed as a crash does (SIGKILL).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlayerApi, stopProcess } from './player-api-process';

/** The monorepo root (not imported from site.ts, which pulls in the front-end build tools). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment variable through which a node gets its Redis key and channel prefix (see startClusterNodes). */
export const REDIS_PREFIX_SETTING = 'REDIS_PREFIX';

export interface KareraTimingsMs {
  bettingMs: number;
  closedMs: number;
  resultMs: number;
}

export interface ClusterNodesOptions {
  /** How many nodes. */
  count: number;
  /** Their ports, one each (as many as `count`). */
  ports: readonly number[];
  /** The PostgreSQL database every node uses (a URL with `options=-c search_path=…` for a schema of its own). */
  databaseUrl: string;
  /** The Redis every node uses. */
  redisUrl: string;
  /**
   * `source` runs player-api/src/main.ts through tsx (the tests: the code in the work tree, no
   * build needed); `build` runs player-api/dist/main.js (the bench: the production bundle).
   * @default 'source'
   */
  entry?: 'source' | 'build';
  /** Video Karera's phases; the API's defaults (a 45 s round) when absent. */
  karera?: KareraTimingsMs;
  /** The nodes' log level; each node's log is kept in its own file (`ClusterNode.log()`). @default 'info' */
  logLevel?: string;
  /** More environment for every node (e.g. LEADER_CHECK_MS). */
  env?: Record<string, string>;
  /** An inspector port on 127.0.0.1 for each node, in order (the soak reads their heaps); none when absent. */
  inspectPorts?: readonly number[];
}

export interface ClusterNode {
  index: number;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Still running (not stopped or killed). */
  readonly alive: boolean;
  /** SIGKILL: a crash, nothing handed over. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a deploy; resolves once the node has closed (it hands over first). */
  stop(): Promise<void>;
  /** The node's log so far (pino JSON lines). */
  log(): string;
}

export interface ClusterNodes {
  nodes: ClusterNode[];
  /** The signing secret every node shares (random per run): tokens signed with it work on each node. */
  jwtSecret: string;
  /** The proofs folder every node shares (UPLOADS_DIR), as several nodes need. */
  uploadsDir: string;
  /** The Redis prefix of this run. */
  redisPrefix: string;
  /** Starts one more node on `port` with the same settings (a replacement after a deploy or a crash). */
  add(port: number): Promise<ClusterNode>;
  /** Stops every node still running (SIGTERM) and removes the run's folder. */
  stop(): Promise<void>;
}

function entryArgs(entry: 'source' | 'build'): string[] {
  return entry === 'build'
    ? ['--enable-source-maps', path.join(REPO_ROOT, 'player-api', 'dist', 'main.js')]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'player-api', 'src', 'main.ts')];
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (exited(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Starts `count` player-API nodes in demo mode on one database and one Redis and resolves once
 * each answers /health. They start at the same time, as compose starts replicas (migrations and
 * demo data are the API's to serialise). Every run gets a random signing secret, a random
 * Redis prefix (REDIS_PREFIX_SETTING, so runs side by side on one Redis do not hear each
 * other's broadcasts) and a proofs folder of its own.
 */
export async function startClusterNodes(options: ClusterNodesOptions): Promise<ClusterNodes> {
  if (options.ports.length !== options.count) throw new Error(`${options.count} nodes need ${options.count} ports; got ${options.ports.length}`);
  const runDir = mkdtempSync(path.join(tmpdir(), 'suwerte-cluster-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const redisPrefix = `suwerte-${randomBytes(4).toString('hex')}`;
  const uploadsDir = path.join(runDir, 'uploads');
  const shared: Record<string, string> = {
    APP_MODE: 'demo',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    [REDIS_PREFIX_SETTING]: redisPrefix,
    JWT_SECRET: jwtSecret,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: options.logLevel ?? 'info',
    ...(options.karera
      ? { KARERA_BETTING_MS: String(options.karera.bettingMs), KARERA_CLOSED_MS: String(options.karera.closedMs), KARERA_RESULT_MS: String(options.karera.resultMs) }
      : {}),
    ...options.env,
  };
  const logFds: number[] = [];
  const children: ChildProcess[] = [];
  const startNode = async (index: number, port: number): Promise<ClusterNode> => {
    const logFile = path.join(runDir, `node-${index}.log`);
    const fd = openSync(logFile, 'a');
    logFds.push(fd);
    const inspectPort = options.inspectPorts?.[index];
    const child = await startPlayerApi({
      args: [...(inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectPort}`]), ...entryArgs(options.entry ?? 'source')],
      cwd: REPO_ROOT,
      port,
      env: { ...shared, PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdout: fd,
      timeoutMs: 60_000,
    }).catch((error: unknown) => {
      throw new Error(`node ${index} (port ${port}) did not start: ${error instanceof Error ? error.message : String(error)}\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    });
    children.push(child);
    return {
      index,
      port,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid ?? -1,
      get alive() {
        return !exited(child);
      },
      kill: () => killed(child),
      stop: () => stopProcess(child),
      log: () => readFileSync(logFile, 'utf8'),
    };
  };
  const stopAll = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    for (const fd of logFds.splice(0)) closeSync(fd);
    rmSync(runDir, { recursive: true, force: true });
  };
  const starting = options.ports.map((port, index) => startNode(index, port));
  const settled = await Promise.allSettled(starting);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const nodes = settled.map((result) => (result as PromiseFulfilledResult<ClusterNode>).value);
  return {
    nodes,
    add: async (port) => {
      const node = await startNode(nodes.length, port);
      nodes.push(node);
      return node;
    },
    jwtSecret,
    uploadsDir,
    redisPrefix,
    stop: stopAll,
  };
}

/** `count` ports free on 127.0.0.1 right now (the system picks them). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
