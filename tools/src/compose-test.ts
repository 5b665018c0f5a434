// `npm run test:compose`: docker-compose.yml run for real. Installs podman, runc, debootstrap and
// docker-compose from Debian when missing, writes the engine settings this machine needs, makes the
// debian:trixie-slim base image when it is not there (deploy/base-image.sh), starts podman's Docker
// API on a socket of its own, builds every image the compose file builds, brings the default
// profile up in demo mode on ports of its own (COMPOSE_TEST_PORT_BASE, default 7800: host +0,
// remotes +1…+4, API +10), and checks the site through those ports in Chromium
// (e2e/compose/stack.spec.ts). Everything it started — containers, volumes, the podman service — is
// stopped and removed at the end, also when a step fails or the run is interrupted; the images stay
// (the next run builds from their layers). Prints how long each phase took.
//
// `npm run compose:build` (--build-only): the same setup and image builds, for the operator's own
// settings (.env, or .env.example without one), and nothing else — then `docker-compose up` runs
// them (README, "Operators: running it with Docker or podman").
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONTAINERS_CONF_SETTINGS,
  STACK_SERVICES,
  buildArgs,
  buildImage,
  compose,
  containersConfWith,
  imageBuilds,
  mustRun,
  readTimings,
  resolvedConfig,
  run,
  tail,
  testEnvFile,
  waitHealthy,
  timed,
  type ComposeTestState,
  type ImageBuild,
} from './ops/compose-stack';
import { parseDockerfile, stagesOf } from './ops/dockerfile-lint';
import { REPO_ROOT } from './site';

const CONTAINERS_CONF = '/etc/containers/containers.conf';
const BASE_IMAGE = 'docker.io/library/debian:trixie-slim';
/** The build stages deploy/Dockerfile's images share, built before the images (see buildAll). */
const SHARED_STAGES = ['toolchain', 'deps', 'sqlite'];
/** Debian packages: the engine, its runtime and network, the base image's maker and compose. */
const PACKAGES = ['podman', 'runc', 'netavark', 'aardvark-dns', 'iptables', 'debootstrap', 'docker-compose'];
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';
/** The player API's user in its image: its secret files must be readable by it. */
const API_UID = 1000;
/** The postgres user of the official image. */
const POSTGRES_UID = 999;

const portBase = Number(process.env.COMPOSE_TEST_PORT_BASE ?? 7800);
if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65_000) throw new Error('COMPOSE_TEST_PORT_BASE must be a port number (1024-65000)');

const work = mkdtempSync(path.join(tmpdir(), 'suwerte-compose-'));
const logDir = path.join(work, 'logs');
const secretsDir = path.join(work, 'secrets');
mkdirSync(logDir);
mkdirSync(secretsDir);
chmodSync(work, 0o755);

/** This machine's npm cache (filled by the `npm install` before): the builds' npm reads from it. */
function npmCache(): string | null {
  const result = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' });
  const dir = result.status === 0 ? result.stdout.trim() : '';
  return dir && existsSync(dir) ? dir : null;
}

const buildOnly = process.argv.includes('--build-only');
const operatorEnv = existsSync(path.join(REPO_ROOT, '.env')) ? path.join(REPO_ROOT, '.env') : path.join(REPO_ROOT, '.env.example');

const state: ComposeTestState = {
  repoRoot: REPO_ROOT,
  project: `suwerte-compose-${portBase}`,
  dockerHost: `unix://${path.join(work, 'podman.sock')}`,
  envFile: buildOnly ? operatorEnv : path.join(work, 'compose.env'),
  composeFiles: [path.join(REPO_ROOT, 'docker-compose.yml'), ...(buildOnly ? [] : [path.join(REPO_ROOT, 'docker-compose.secrets.yml')])],
  secretsDir,
  portBase,
  caFile: existsSync(HOST_CA) ? HOST_CA : null,
  npmCache: npmCache(),
  logDir,
  timingsFile: path.join(work, 'timings.jsonl'),
};
const stateFile = path.join(work, 'state.json');
writeFileSync(stateFile, JSON.stringify(state, null, 2));
if (!buildOnly) writeFileSync(state.envFile, testEnvFile(portBase, secretsDir));

let service: ChildProcess | null = null;
let stackStarted = false;
let finished = false;
const startedAt = performance.now();

async function ensurePackages(): Promise<void> {
  await mustRun('bash', [path.join(REPO_ROOT, 'tools', 'ensure-system-deps.sh'), ...PACKAGES], { logFile: path.join(logDir, 'apt.log') });
}

function ensureContainersConf(): void {
  const current = existsSync(CONTAINERS_CONF) ? readFileSync(CONTAINERS_CONF, 'utf8') : '';
  const wanted = containersConfWith(current);
  if (wanted === current) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CONTAINERS_CONF} lacks settings podman needs here; run as root, or add them yourself:\n${wanted}`);
  }
  mkdirSync(path.dirname(CONTAINERS_CONF), { recursive: true });
  writeFileSync(CONTAINERS_CONF, wanted);
  console.info(`[compose-test] ${CONTAINERS_CONF}: set ${CONTAINERS_CONF_SETTINGS.map((setting) => `[${setting.section}] ${setting.key}`).join(', ')} where missing`);
}

async function ensureBaseImage(): Promise<void> {
  if ((await run('podman', ['image', 'exists', BASE_IMAGE])).status === 0) return;
  await mustRun('bash', [path.join(REPO_ROOT, 'deploy', 'base-image.sh'), 'podman'], { logFile: path.join(logDir, 'base-image.log') });
}

async function startService(): Promise<void> {
  const socket = state.dockerHost.slice('unix://'.length);
  service = spawn('podman', ['system', 'service', '--time=0', state.dockerHost], { stdio: 'ignore' });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) throw new Error(`podman system service exited (${service.exitCode})`);
    if (existsSync(socket) && (await ping(socket))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`podman system service did not answer on ${socket}`);
}

/** GET /_ping on the engine's socket answers OK once it serves the Docker API. */
function ping(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath: socket, path: '/_ping', timeout: 2_000 }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve(response.statusCode === 200 && body.trim() === 'OK'));
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/**
 * Every image, with the build stages they share built first and side by side (deploy/Dockerfile):
 * `toolchain`, then `deps` (one npm install) beside `sqlite` (the native compile); the static
 * parts' images follow `deps`, the player API's image follows both. Two builds at a time at most.
 */
async function buildAll(builds: ImageBuild[]): Promise<void> {
  const first = builds[0];
  if (!first) return;
  const dockerfile = path.resolve(first.context, first.dockerfile);
  const stages = new Set(stagesOf(parseDockerfile(readFileSync(dockerfile, 'utf8'))).map((stage) => stage.name));
  const api = builds.filter((build) => build.target === 'player-api');
  const others = builds.filter((build) => build.target !== 'player-api');
  const lane = async (list: ImageBuild[]) => {
    for (const build of list) await timed(state, `build: ${build.image}`, () => buildImage(state, build, build.services[0] ?? 'image'));
  };
  const stage = (name: string, what: string) => () =>
    timed(state, `build: stage "${name}" (${what})`, () => mustRun('podman', stageArgs(first, name), { logFile: path.join(logDir, `build-stage-${name}.log`) }));
  if (!SHARED_STAGES.every((name) => stages.has(name))) {
    await timed(state, 'build: the images, one after another', () => lane(builds));
    return;
  }
  await timed(state, 'build: every image (shared stages first, two builds at a time)', async () => {
    const toolchain = stage('toolchain', 'Node, npm, compilers')();
    const deps = toolchain.then(stage('deps', 'npm install'));
    const sqlite = toolchain.then(stage('sqlite', 'better-sqlite3 compiled'));
    await Promise.all([Promise.all([deps, sqlite]).then(() => lane(api)), deps.then(() => lane(others))]);
  });
}

/** `podman build --target <stage>` of the shared Dockerfile, with the same settings as the images' builds. */
function stageArgs(build: ImageBuild, target: string): string[] {
  const args = buildArgs(state, { ...build, target, args: {} });
  // Caches the stage's layers; nothing to tag.
  const tag = args.indexOf('-t');
  return [...args.slice(0, tag), ...args.slice(tag + 2)];
}

/** The gateway image (profile `scale`, not started here) renders its configuration and passes `nginx -t`. */
async function checkGatewayImage(builds: ImageBuild[]): Promise<void> {
  const gateway = builds.find((build) => build.target === 'gateway');
  if (!gateway) return;
  await mustRun('podman', ['run', '--rm', '--network', 'none', '-e', 'SUWERTE_CHECK_ONLY=1', '-e', 'API_NODE_1=127.0.0.1:4001', '-e', 'API_NODE_2=127.0.0.1:4002', gateway.image]);
}

/**
 * The secret files of docker-compose.secrets.yml, as an operator writes them: the signing secret,
 * and the `scale` profile's database password and URL (not started here; written so compose has
 * every file it names). Each readable by its container's user only.
 */
function writeSecrets(): void {
  const password = randomBytes(24).toString('hex');
  const files: Array<[string, string, number]> = [
    ['jwt_secret', randomBytes(32).toString('hex'), API_UID],
    ['database_url', `postgres://suwerte:${password}@postgres:5432/suwerte`, API_UID],
    ['postgres_password', password, POSTGRES_UID],
  ];
  for (const [name, value, uid] of files) {
    const file = path.join(secretsDir, name);
    writeFileSync(file, `${value}\n`, { mode: 0o400 });
    if (process.getuid?.() === 0) chownSync(file, uid, uid);
    else chmodSync(file, 0o444);
  }
}

async function checks(): Promise<void> {
  const result = await new Promise<number>((resolve, reject) => {
    const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'playwright'), ['test', '-c', 'compose.config.ts'], {
      cwd: path.join(REPO_ROOT, 'e2e'),
      env: { ...process.env, COMPOSE_TEST_STATE: stateFile, DOCKER_HOST: state.dockerHost },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (result !== 0) throw new Error(`the browser checks failed (exit ${result})`);
}

async function teardown(): Promise<void> {
  if (finished) return;
  finished = true;
  await timed(state, 'teardown: down -v, podman service stopped', async () => {
    if (service && service.exitCode === null) {
      if (stackStarted) {
        const down = await run('docker-compose', ['-p', state.project, '--project-directory', REPO_ROOT, '--env-file', state.envFile, ...state.composeFiles.flatMap((file) => ['-f', file]), '--profile', 'single', '--profile', 'scale', 'down', '-v', '--remove-orphans', '-t', '10'], {
          env: { ...process.env, DOCKER_HOST: state.dockerHost },
          cwd: REPO_ROOT,
        });
        if (down.status !== 0) console.error(`[compose-test] down failed:\n${tail(down.output)}`);
      }
      service.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          service?.kill('SIGKILL');
          resolve(null);
        }, 10_000);
        service?.once('exit', () => {
          clearTimeout(timer);
          resolve(null);
        });
      });
    }
    // Anything of this project the engine still holds (a run killed half-way): containers, then volumes.
    const left = await run('podman', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${state.project}`]);
    const ids = left.output.split('\n').filter(Boolean);
    if (left.status === 0 && ids.length > 0) await run('podman', ['rm', '-f', '-t', '5', ...ids]);
    const volumes = await run('podman', ['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${state.project}`]);
    const names = volumes.output.split('\n').filter(Boolean);
    if (volumes.status === 0 && names.length > 0) await run('podman', ['volume', 'rm', '-f', ...names]);
  });
}

async function report(): Promise<void> {
  const df = await run('podman', ['system', 'df']);
  const storage = await run('du', ['-sh', '/var/lib/containers/storage']);
  const images = await run('podman', ['images', '--filter', 'reference=*/suwerte/*', '--filter', `reference=${BASE_IMAGE}`, '--format', '{{.Repository}}:{{.Tag}} {{.Size}}']);
  console.info('\n[compose-test] phases (seconds):');
  for (const { phase, seconds } of readTimings(state.timingsFile)) console.info(`  ${seconds.toFixed(1).padStart(7)}  ${phase}`);
  console.info(`  ${((performance.now() - startedAt) / 1000).toFixed(1).padStart(7)}  total`);
  console.info(`\n[compose-test] images:\n${images.output.trim().replace(/^/gm, '  ')}`);
  console.info(`[compose-test] podman storage: ${storage.output.split('\t')[0] ?? '?'}\n${df.output.trim().replace(/^/gm, '  ')}`);
}

async function main(): Promise<void> {
  await timed(state, 'apt: podman, runc, debootstrap, docker-compose (when missing)', ensurePackages);
  ensureContainersConf();
  await timed(state, `base image ${BASE_IMAGE} (debootstrap + import, when missing)`, ensureBaseImage);
  if (buildOnly) {
    console.info(`[compose-test] building the images of docker-compose.yml with ${path.relative(REPO_ROOT, operatorEnv)}`);
    await buildAll(imageBuilds(await resolvedConfig(state)));
    return;
  }
  writeSecrets();
  await timed(state, 'podman system service started', startService);
  // A run killed before its teardown may have left this project behind.
  await compose(state, ['--profile', 'single', '--profile', 'scale', 'down', '-v', '--remove-orphans', '-t', '5']);
  const builds = imageBuilds(await resolvedConfig(state));
  await buildAll(builds);
  await timed(state, 'gateway image: nginx -t on its rendered configuration', () => checkGatewayImage(builds));
  stackStarted = true;
  await timed(state, 'up -d (default profile, demo mode)', () => compose(state, ['up', '-d', '--no-build']));
  await timed(state, 'every container healthy (podman healthcheck run)', () => waitHealthy(state, STACK_SERVICES));
  await timed(state, 'checks in Chromium (e2e/compose/stack.spec.ts)', checks);
}

let failed = false;
const interrupt = (signal: NodeJS.Signals) => {
  console.error(`[compose-test] ${signal}: stopping everything this run started`);
  void teardown().finally(() => {
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

try {
  await main();
} catch (error) {
  failed = true;
  console.error(`[compose-test] FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await teardown();
  await report();
  if (failed) console.error(`[compose-test] build and run logs: ${logDir}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
