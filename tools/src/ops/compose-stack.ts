import { spawn, spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REMOTES, portsFrom, type Remote, type SitePorts } from '../site';
import type { ComposeConfig } from './compose-check';

/**
 * The compose stack run for real in a container engine (`npm run test:compose`): podman builds
 * the images of deploy/Dockerfile and runs docker-compose.yml through its Docker API. Shared by
 * the runner (tools/src/compose-test.ts) and the browser checks (e2e/compose/stack.spec.ts),
 * which get the stack's description through a state file.
 */

export const ComposeTestStateSchema = z.object({
  repoRoot: z.string(),
  /** The compose project name: the test's containers, volumes and network, apart from an operator's. */
  project: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/),
  /** unix:///…/podman.sock of the podman service the runner started. */
  dockerHost: z.string().startsWith('unix://'),
  envFile: z.string(),
  composeFiles: z.array(z.string()).min(1),
  secretsDir: z.string(),
  portBase: z.number().int().min(1024).max(65_000),
  /** The host's CA bundle, mounted into builds for npm behind a TLS-intercepting proxy; null = none. */
  caFile: z.string().nullable(),
  /** This machine's npm cache, lent to the builds' `npm install`; null = none. */
  npmCache: z.string().nullable(),
  /** Where each build's output goes (one file per image). */
  logDir: z.string(),
  /** Phase timings, one JSON object a line ({ phase, seconds }). */
  timingsFile: z.string(),
});
export type ComposeTestState = z.infer<typeof ComposeTestStateSchema>;

export function readState(file: string): ComposeTestState {
  return ComposeTestStateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The published ports of the stack: host base, remotes base+1…+4, API base+10 (as `portsFrom`). */
export const stackPorts = (state: Pick<ComposeTestState, 'portBase'>): SitePorts => portsFrom(state.portBase);
export const localUrl = (port: number): string => `http://localhost:${port}`;

/** The test's own .env: demo mode, the single node, every port and URL in its range. */
export function testEnvFile(portBase: number, secretsDir: string): string {
  const ports = portsFrom(portBase);
  const remoteLines = REMOTES.flatMap((remote) => {
    const upper = remote.toUpperCase();
    return [`${upper}_PORT=${ports.remotes[remote]}`, `REMOTE_${upper}_URL=${localUrl(ports.remotes[remote])}`];
  });
  const origins = [ports.host, ...REMOTES.map((remote) => ports.remotes[remote])].map(localUrl).join(',');
  return [
    '# Written by npm run test:compose (tools/src/compose-test.ts) for its own stack.',
    'COMPOSE_PROFILES=single',
    'APP_MODE=demo',
    'PUBLISH_ADDRESS=127.0.0.1',
    `HOST_PORT=${ports.host}`,
    `API_PORT=${ports.api}`,
    `PLAYER_API_URL=${localUrl(ports.api)}`,
    `API_CORS_ORIGINS=${origins}`,
    ...remoteLines,
    `SECRETS_DIR=${secretsDir}`,
    '',
  ].join('\n');
}

/** docker-compose's arguments naming the test's project, files and settings. */
export function composeArgs(state: ComposeTestState): string[] {
  return ['-p', state.project, '--project-directory', state.repoRoot, '--env-file', state.envFile, ...state.composeFiles.flatMap((file) => ['-f', file])];
}

export interface CommandResult {
  status: number;
  output: string;
}

/** Runs a command to its end, its output (stdout and stderr together) into `logFile` and returned. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; logFile?: string; input?: string } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (options.logFile) appendFileSync(options.logFile, chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 128 : 1), output }));
    child.stdin.end(options.input ?? '');
  });
}

/** The last lines of a command's output, for an error message. */
export const tail = (text: string, lines = 40): string => text.trimEnd().split('\n').slice(-lines).join('\n');

export async function mustRun(command: string, args: string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${tail(result.output)}`);
  return result.output;
}

const engineEnv = (state: ComposeTestState, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...process.env, DOCKER_HOST: state.dockerHost, ...extra });

/** docker-compose on the test's project (through podman's Docker API); `env` overrides settings of the env file. */
export function compose(state: ComposeTestState, args: string[], env: Record<string, string> = {}): Promise<string> {
  return mustRun('docker-compose', [...composeArgs(state), ...args], { env: engineEnv(state, env), cwd: state.repoRoot });
}

/** The compose file as docker-compose resolves it with the test's settings, as JSON. */
export async function resolvedConfig(state: ComposeTestState, env: Record<string, string> = {}): Promise<ComposeConfig> {
  const yaml = await compose(state, ['config'], env);
  // docker-compose's own YAML library (python3-yaml, a dependency of Debian's docker-compose).
  const json = spawnSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: yaml, encoding: 'utf8' });
  if (json.status !== 0) throw new Error(`cannot read docker-compose config: ${json.stderr}`);
  return JSON.parse(json.stdout) as ComposeConfig;
}

export interface ImageBuild {
  image: string;
  context: string;
  dockerfile: string;
  target: string | null;
  args: Record<string, string>;
  /** The services that run it. */
  services: string[];
}

/** Every image the compose file builds (each once, however many services run it), in file order. */
export function imageBuilds(config: ComposeConfig): ImageBuild[] {
  const builds = new Map<string, ImageBuild>();
  for (const [name, service] of Object.entries(config.services ?? {})) {
    const build = service.build;
    if (!build || !service.image) continue;
    const known = builds.get(service.image);
    if (known) {
      known.services.push(name);
      continue;
    }
    const args = Object.fromEntries(Object.entries(build.args ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]));
    builds.set(service.image, {
      image: service.image,
      context: build.context ?? '.',
      dockerfile: build.dockerfile ?? 'Dockerfile',
      target: build.target ?? null,
      args,
      services: [name],
    });
  }
  return [...builds.values()];
}

/**
 * `podman build` of one image as compose describes it, in Docker's image format (the OCI format
 * drops HEALTHCHECK), with this machine's CA bundle and npm cache lent to the build when there are.
 */
export function buildArgs(state: ComposeTestState, build: Pick<ImageBuild, 'image' | 'context' | 'dockerfile' | 'target' | 'args'>): string[] {
  // --jobs 2: a target's independent stages (its build stage, its run-time base) side by side.
  const args = ['build', '--format', 'docker', '--jobs', '2', '-f', path.resolve(build.context, build.dockerfile)];
  if (build.target) args.push('--target', build.target);
  for (const [key, value] of Object.entries(build.args)) args.push('--build-arg', `${key}=${value}`);
  if (state.caFile) args.push('-v', `${state.caFile}:/run/host-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/host-ca.crt');
  if (state.npmCache) args.push('-v', `${state.npmCache}:/root/.npm`);
  args.push('-t', build.image, build.context);
  return args;
}

export async function buildImage(state: ComposeTestState, build: Pick<ImageBuild, 'image' | 'context' | 'dockerfile' | 'target' | 'args'>, logName: string): Promise<void> {
  await mustRun('podman', buildArgs(state, build), { logFile: path.join(state.logDir, `build-${logName}.log`) });
}

/** The test project's containers, by compose service name. */
export async function containers(state: ComposeTestState): Promise<Map<string, string>> {
  const output = await mustRun('podman', ['ps', '-a', '--filter', `label=com.docker.compose.project=${state.project}`, '--format', '{{.Names}} {{.Labels}}']);
  const byService = new Map<string, string>();
  for (const line of output.split('\n').filter(Boolean)) {
    const [name = '', ...labels] = line.split(' ');
    const service = /com\.docker\.compose\.service:([^\s\]]+)/.exec(labels.join(' '))?.[1];
    if (service) byService.set(service, name);
  }
  return byService;
}

/**
 * Runs every container's health check until each passes: podman runs them from systemd timers,
 * and there is no systemd here. Throws with the failing check's output after `timeoutMs`.
 */
export async function waitHealthy(state: ComposeTestState, expected: readonly string[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(expected);
  let last = '';
  while (pending.size > 0) {
    const names = await containers(state);
    for (const service of [...pending]) {
      const name = names.get(service);
      if (!name) {
        last = `${service}: no container`;
        continue;
      }
      const check = await run('podman', ['healthcheck', 'run', name]);
      if (check.status === 0) pending.delete(service);
      else last = `${service} (${name}): ${check.output.trim() || `exit ${check.status}`}`;
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      const logs = await run('docker-compose', [...composeArgs(state), 'logs', '--no-color', '--tail', '30', ...pending], { env: engineEnv(state), cwd: state.repoRoot });
      throw new Error(`not healthy after ${timeoutMs / 1000} s: ${[...pending].join(', ')}; last: ${last}\n${tail(logs.output, 60)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The default profile's services with the test's settings (`single`: the API and every static part). */
export const STACK_SERVICES = ['player-api', 'host', ...REMOTES.map((remote): `remote-${Remote}` => `remote-${remote}`)] as const;

/** Records how long a phase took (the runner prints them all at the end). */
export function recordPhase(state: Pick<ComposeTestState, 'timingsFile'>, phase: string, seconds: number): void {
  appendFileSync(state.timingsFile, `${JSON.stringify({ phase, seconds: Math.round(seconds * 10) / 10 })}\n`);
}

export async function timed<T>(state: Pick<ComposeTestState, 'timingsFile'>, phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const seconds = (performance.now() - started) / 1000;
    recordPhase(state, phase, seconds);
    console.info(`[compose-test] ${phase}: ${seconds.toFixed(1)} s`);
  }
}

export function readTimings(file: string): Array<{ phase: string; seconds: number }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => z.object({ phase: z.string(), seconds: z.number() }).parse(JSON.parse(line)));
}

// --- engine settings --------------------------------------------------------------------------

/** What podman needs in /etc/containers/containers.conf on this kind of machine. */
export const CONTAINERS_CONF_SETTINGS = [
  // Higher limits fail to set here ("error setting rlimit type 6/7").
  { section: 'containers', key: 'default_ulimits', value: '["nofile=1024:1024", "nproc=1024:1024"]' },
  // crun refuses this machine's hybrid cgroups.
  { section: 'engine', key: 'runtime', value: '"runc"' },
] as const;

/**
 * containers.conf with each setting above added where the file does not set that key already
 * (an operator's own value is kept); the same text when nothing is missing.
 */
export function containersConfWith(text: string): string {
  let lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  for (const { section, key, value } of CONTAINERS_CONF_SETTINGS) {
    const header = lines.findIndex((line) => line.trim() === `[${section}]`);
    if (header === -1) {
      lines = [...lines, ...(lines.length > 0 ? [''] : []), `[${section}]`, `${key} = ${value}`];
      continue;
    }
    let end = lines.findIndex((line, index) => index > header && /^\s*\[/.test(line));
    if (end === -1) end = lines.length;
    const present = lines.slice(header + 1, end).some((line) => new RegExp(`^\\s*${key}\\s*=`).test(line));
    if (!present) lines = [...lines.slice(0, header + 1), `${key} = ${value}`, ...lines.slice(header + 1)];
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Whether a JWT (HS256) was signed with `secret`: how the test sees the API took its secret from the file. */
export function signedWith(token: string, secret: string): boolean {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
