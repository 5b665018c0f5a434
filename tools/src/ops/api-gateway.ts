import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API gateway of compose's `scale` profile (deploy/gateway/default.conf.template) on
 * Debian's nginx, in front of player-API nodes on this machine: the same file the gateway
 * container renders, filled the way its entrypoint (deploy/gateway/entrypoint.sh) fills it (only
 * the variables it is given).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const GATEWAY_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'gateway', 'default.conf.template');
/** The gateway image's entrypoint: renders the template and runs nginx. */
export const GATEWAY_ENTRYPOINT = path.join(REPO_ROOT, 'deploy', 'gateway', 'entrypoint.sh');
/** The variables the template uses; compose's gateway service sets each. */
export const GATEWAY_VARIABLES = ['GATEWAY_LISTEN', 'API_NODE_1', 'API_NODE_2', 'GATEWAY_ACCESS_LOG'] as const;
export type GatewayVariables = Record<(typeof GATEWAY_VARIABLES)[number], string>;

/** `${NAME}` of the given variables replaced, as the image's entrypoint does; anything else left alone. */
export function renderGatewayConfig(template: string, variables: GatewayVariables): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (name in variables ? variables[name as keyof GatewayVariables] : whole));
}

function nginxBinary(): string {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) if (candidate && existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: run `bash tools/ensure-system-deps.sh nginx`');
}

const runningAsRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;
/** uid and gid of nobody/nogroup. */
const NOBODY = 65534;

/** nginx's main configuration around the http-level site file, as the image's /etc/nginx/nginx.conf has it. */
function mainConfig(runDir: string, site: string): string {
  // As root, the workers run as nobody (as the image's run as its nginx user).
  const user = runningAsRoot() ? 'user nobody nogroup;\n' : '';
  return `${user}worker_processes 1;
pid ${runDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${runDir}/tmp/body;
  proxy_temp_path ${runDir}/tmp/proxy;
  fastcgi_temp_path ${runDir}/tmp/fastcgi;
  uwsgi_temp_path ${runDir}/tmp/uwsgi;
  scgi_temp_path ${runDir}/tmp/scgi;
  include ${site};
}
`;
}

export interface RunningGateway {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The nodes that answered each request so far (`host:port` per access-log line; several when nginx tried more than one). */
  answeredBy(): string[];
  /** The access log's text so far. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** Renders the gateway for `nodes` (two `host:port`) and checks it with `nginx -t`. */
export function checkGateway(port: number, nodes: readonly [string, string]): { status: number; output: string } {
  const runDir = mkdtempSync(path.join(tmpdir(), 'suwerte-gateway-'));
  try {
    const main = writeConfig(runDir, port, nodes);
    const result = spawnSync(nginxBinary(), ['-t', '-q', '-p', runDir, '-e', 'stderr', '-c', main], { encoding: 'utf8' });
    return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
}

function writeConfig(runDir: string, port: number, nodes: readonly [string, string]): string {
  chmodSync(runDir, 0o755);
  mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  // The workers (nobody, when this runs as root) write their buffers there.
  if (runningAsRoot()) chownSync(path.join(runDir, 'tmp'), NOBODY, NOBODY);
  const site = path.join(runDir, 'gateway.conf');
  writeFileSync(
    site,
    renderGatewayConfig(readFileSync(GATEWAY_TEMPLATE, 'utf8'), {
      GATEWAY_LISTEN: `127.0.0.1:${port}`,
      API_NODE_1: nodes[0],
      API_NODE_2: nodes[1],
      GATEWAY_ACCESS_LOG: path.join(runDir, 'access.log'),
    }),
  );
  const main = path.join(runDir, 'nginx.conf');
  writeFileSync(main, mainConfig(runDir, site));
  return main;
}

/** Starts the gateway on 127.0.0.1:`port` in front of `nodes`; resolves once it answers. */
export async function startGateway(port: number, nodes: readonly [string, string]): Promise<RunningGateway> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'suwerte-gateway-'));
  const main = writeConfig(runDir, port, nodes);
  const child = spawn(nginxBinary(), ['-p', runDir, '-e', 'stderr', '-c', main, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(runDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx (gateway) exited: ${errors}`);
    }
    const answered = await fetch(`${url}/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the gateway did not answer within 10 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const accessLog = () => {
    const log = path.join(runDir, 'access.log');
    return existsSync(log) ? readFileSync(log, 'utf8') : '';
  };
  return {
    url,
    answeredBy: () =>
      accessLog()
        .split('\n')
        .flatMap((line) => /node=(\S+)/.exec(line)?.[1]?.split(', ') ?? []),
    accessLog,
    stop,
  };
}
