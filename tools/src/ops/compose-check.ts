import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chainOf, parseDockerfile, stagesOf, targetStages } from './dockerfile-lint';

/**
 * Checks of docker-compose.yml beyond its schema: the references between services (health
 * checks behind every `depends_on`, named volumes, Dockerfiles) and that every URL handed to the
 * browser is a published address that matches the port the target service publishes — never a
 * container name. Input: the file as `docker-compose config` resolves it (interpolated, defaults
 * applied), converted to JSON.
 */

type Environment = Record<string, string | number | boolean | null>;

export interface ComposeService {
  profiles?: string[];
  command?: string[] | string;
  entrypoint?: string[] | string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Environment };
  image?: string;
  environment?: Environment;
  ports?: Array<string | { published?: number | string; target?: number | string }>;
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
}

export interface ComposeConfig {
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export const PARTS = ['player-api', 'host', 'remote-members', 'remote-lotto', 'remote-sports', 'remote-karera'] as const;
/** The parts every profile runs: the static ones (the browser, not a container, calls the API). */
export const STATIC_PARTS = PARTS.filter((part) => part !== 'player-api');
/** The profile of the single SQLite node. */
export const SINGLE_PROFILE = 'single';
/** The services of the `scale` profile: PostgreSQL, Redis, two API nodes and their gateway. */
export const SCALE_SERVICES = ['postgres', 'redis', 'player-api-1', 'player-api-2', 'api-gateway'] as const;
const API_NODES = ['player-api-1', 'player-api-2'] as const;
/** The player API's readiness check (player-api/src/features/health). */
const READY_PATH = '/health/ready';
/** The target of deploy/Dockerfile the gateway is built from (its nginx configuration is deploy/gateway's). */
const GATEWAY_TARGET = 'gateway';
const GATEWAY_PORT = 8080;
const REMOTE_SERVICES = PARTS.filter((part) => part.startsWith('remote-'));
/** Where nginx listens inside the static images (deploy/static/entrypoint.sh, LISTEN). */
const STATIC_PORT = 8080;

function env(service: ComposeService | undefined, name: string): string {
  const value = service?.environment?.[name];
  return value === null || value === undefined ? '' : String(value);
}

/** Host ports a service publishes, keyed by its container port. */
function publishedPorts(service: ComposeService): Map<number, number> {
  const map = new Map<number, number>();
  for (const port of service.ports ?? []) {
    if (typeof port === 'string') {
      // [ip:]published:target[/protocol] — docker-compose config writes e.g. 127.0.0.1:3000:8080/tcp.
      const parts = port.replace(/\/(tcp|udp)$/, '').split(':');
      const target = Number(parts.at(-1));
      const published = Number(parts.at(-2));
      if (Number.isFinite(target) && Number.isFinite(published)) map.set(target, published);
    } else if (port.target !== undefined && port.published !== undefined) {
      map.set(Number(port.target), Number(port.published));
    }
  }
  return map;
}

function namedVolumeAt(service: ComposeService, target: string, declared: Set<string>): string | null {
  for (const volume of service.volumes ?? []) {
    const [source, mountPoint] = typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target];
    if (mountPoint === target && source && declared.has(source)) return source;
  }
  return null;
}

function packageVersion(repoRoot: string, folder: string): string {
  try {
    return String((JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
}

export function checkCompose(config: ComposeConfig, repoRoot: string): string[] {
  const problems: string[] = [];
  const services = config.services ?? {};
  const declaredVolumes = new Set(Object.keys(config.volumes ?? {}));
  // `docker-compose config` lists every profile's services: the default ones have none.
  const names = Object.keys(services)
    .filter((name) => !services[name]?.profiles?.length)
    .sort();
  if (names.join() !== [...STATIC_PARTS].sort().join()) problems.push(`services without a profile must be ${STATIC_PARTS.join(', ')}; found ${names.join(', ')}`);
  // The single node runs only when asked for (COMPOSE_PROFILES=single), so `scale` runs no idle SQLite node beside its nodes.
  const singleProfiles = services['player-api']?.profiles ?? [];
  if (services['player-api'] && singleProfiles.join() !== SINGLE_PROFILE) {
    problems.push(`player-api: must be in the ${SINGLE_PROFILE} profile only (profiles: [${SINGLE_PROFILE}]); found ${singleProfiles.join(', ') || 'none'}`);
  }

  for (const [name, service] of Object.entries(services)) {
    const dockerfile = service.build?.dockerfile;
    const context = service.build?.context ?? '';
    if (!service.build) {
      // Official images (PostgreSQL, Redis): a pinned release, never whatever `latest` is today.
      if (!/:[0-9]+(\.[0-9]+)*(-[a-z0-9.]+)?$/.test(service.image ?? '')) problems.push(`${name}: image ${service.image ?? '(none)'} must be pinned to a release (name:major[-variant])`);
    } else {
      const file = dockerfile ? path.resolve(repoRoot, context, dockerfile) : '';
      if (!dockerfile) problems.push(`${name}: no build.dockerfile`);
      else if (!existsSync(file)) problems.push(`${name}: ${dockerfile} does not exist`);
      else {
        const targets = targetStages(stagesOf(parseDockerfile(readFileSync(file, 'utf8')))).map((stage) => stage.name ?? '');
        const target = service.build.target;
        if (targets.length > 1 && !target) problems.push(`${name}: build.target must name one of ${dockerfile}'s images (${targets.join(', ')})`);
        else if (target && !targets.includes(target)) problems.push(`${name}: build.target ${target} is not an image of ${dockerfile} (${targets.join(', ')})`);
      }
      if (path.resolve(repoRoot, context) !== path.resolve(repoRoot)) problems.push(`${name}: the build context must be the repository root`);
    }
    if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${name}: no health check`);
    // podman's Docker API (4.3, Debian's) splits an exec-form health check's arguments at spaces.
    const test = service.healthcheck?.test;
    if (Array.isArray(test) && test[0] === 'CMD' && test.slice(1).some((argument) => /\s/.test(argument))) {
      problems.push(`${name}: an argument of the CMD health check holds a space; podman's Docker API splits it (write it without spaces, or use CMD-SHELL)`);
    }
    const dependsOn = service.depends_on ?? {};
    if ((STATIC_PARTS as readonly string[]).includes(name) && (Array.isArray(dependsOn) ? dependsOn.length > 0 : Object.keys(dependsOn).length > 0)) {
      problems.push(`${name}: a static part starts on its own (no depends_on): the browser, not the container, calls the API and loads the remotes`);
    }
    if (Array.isArray(dependsOn)) {
      if (dependsOn.length > 0) problems.push(`${name}: depends_on needs the long form with condition: service_healthy`);
    } else {
      for (const [target, rule] of Object.entries(dependsOn)) {
        if (!services[target]) problems.push(`${name}: depends on unknown service ${target}`);
        else if (!services[target].healthcheck?.test) problems.push(`${name}: depends on ${target}, which has no health check`);
        if (rule.condition !== 'service_healthy') problems.push(`${name}: depends_on ${target} must wait for condition: service_healthy`);
      }
    }
  }

  // An API node (and the gateway in front of them) is healthy when it is ready for traffic — its
  // database takes a write — not merely alive: the gateway waits for that (docs/decisions/180).
  for (const name of ['player-api', ...API_NODES, 'api-gateway']) {
    const test = services[name]?.healthcheck?.test;
    if (test && !words(test).includes(READY_PATH)) {
      problems.push(`${name}: the health check must ask ${READY_PATH} (ready for traffic), not only whether the process is alive`);
    }
  }

  const api = services['player-api'];
  const host = services.host;
  if (!api || !host) return problems;

  // Player API: production unless .env asks for demo (the image's default is production too).
  const mode = env(api, 'APP_MODE');
  if (mode !== 'production' && mode !== 'demo') problems.push(`player-api: APP_MODE must be production or demo; found "${mode}"`);
  // Player API: data on a named volume, published port = the browser's API URL.
  const databasePath = env(api, 'DATABASE_PATH');
  if (!databasePath.startsWith('/')) problems.push('player-api: DATABASE_PATH must be an absolute path on a volume');
  else if (!namedVolumeAt(api, path.posix.dirname(databasePath), declaredVolumes)) {
    problems.push(`player-api: ${path.posix.dirname(databasePath)} (DATABASE_PATH) must be a named volume`);
  }
  const apiPort = Number(env(api, 'PORT') || 4000);
  const apiPublished = publishedPorts(api).get(apiPort);
  if (apiPublished === undefined) problems.push(`player-api: port ${apiPort} is not published`);

  const browserUrl = (owner: string, variable: string, url: string, targetService: string, published: number | undefined) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      problems.push(`${owner}: ${variable}=${url} is not a URL`);
      return;
    }
    if ((PARTS as readonly string[]).includes(parsed.hostname)) {
      problems.push(`${owner}: ${variable}=${url} names a container; the browser cannot reach it`);
    }
    const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
    if (['localhost', '127.0.0.1'].includes(parsed.hostname) && port !== published) {
      problems.push(`${owner}: ${variable}=${url} but ${targetService} is published on port ${published ?? 'none'}`);
    }
  };

  const apiUrl = env(api, 'PUBLIC_URL');
  // The pages call the API's published port: the single node's, or — in `scale` — the gateway's,
  // published on the same port so the pages' URL holds in both profiles.
  const gateway = services['api-gateway'];
  const gatewayPublished = gateway ? publishedPorts(gateway).get(GATEWAY_PORT) : undefined;
  if (gateway && apiPublished !== undefined && gatewayPublished !== apiPublished) {
    problems.push(`api-gateway: must publish the pages' API port ${apiPublished} (as player-api does in the ${SINGLE_PROFILE} profile); found ${gatewayPublished ?? 'none'}`);
  }
  const pagesPublished = apiPublished;
  browserUrl('player-api', 'PUBLIC_URL', apiUrl, 'player-api', pagesPublished);
  const hostPublished = publishedPorts(host).get(STATIC_PORT);
  if (hostPublished === undefined) problems.push(`host: port ${STATIC_PORT} is not published`);
  const corsOrigins = env(api, 'CORS_ORIGINS');
  if (corsOrigins.split(',').some((origin) => origin.trim() === '*' || origin.trim() === 'null')) {
    problems.push('player-api: CORS_ORIGINS must list each origin (never * or null)');
  }
  if (!corsOrigins.split(',').includes(`http://localhost:${hostPublished}`)) {
    problems.push(`player-api: CORS_ORIGINS must allow the host (http://localhost:${hostPublished})`);
  }

  for (const name of ['host', ...REMOTE_SERVICES]) {
    const service = services[name];
    if (!service) continue;
    if (env(service, 'PLAYER_API_URL') !== apiUrl) problems.push(`${name}: PLAYER_API_URL must equal the API's PUBLIC_URL (${apiUrl})`);
    browserUrl(name, 'PLAYER_API_URL', env(service, 'PLAYER_API_URL'), 'player-api', pagesPublished);
  }

  for (const remoteService of REMOTE_SERVICES) {
    const remote = services[remoteService];
    if (!remote) continue;
    if (!namedVolumeAt(remote, '/srv/releases', declaredVolumes)) problems.push(`${remoteService}: /srv/releases (its published releases) must be a named volume`);
    const published = publishedPorts(remote).get(STATIC_PORT);
    if (published === undefined) problems.push(`${remoteService}: port ${STATIC_PORT} is not published`);
    const variable = `REMOTE_${remoteService.slice('remote-'.length).toUpperCase()}_URL`;
    const url = env(host, variable);
    if (!url) problems.push(`host: ${variable} is not set`);
    else browserUrl('host', variable, url, remoteService, published);
    if (!corsOrigins.split(',').includes(`http://localhost:${published}`)) {
      problems.push(`player-api: CORS_ORIGINS must allow ${remoteService}'s standalone page (http://localhost:${published})`);
    }
    // Pinned by default: a fresh `docker compose up` points the host at the release the remote's
    // image publishes, and a new image changes nothing until the operator says so.
    const name = remoteService.slice('remote-'.length).toUpperCase();
    const version = env(host, `REMOTE_${name}_VERSION`);
    const built = env(remote, 'RELEASE') || String(remote.build?.args?.RELEASE ?? '') || packageVersion(repoRoot, remoteService);
    if (!/^[0-9]+\.[0-9]+\.[0-9]+/.test(version)) {
      problems.push(`host: REMOTE_${name}_VERSION must pin a release such as ${built} (got '${version}'); following the newest ('current') is opt-in`);
    } else if (version !== built) {
      problems.push(`host: REMOTE_${name}_VERSION=${version} but ${remoteService} publishes ${built}: a fresh start would have no such release`);
    }
  }
  if (Object.values(services).some((service) => service.profiles?.includes('scale'))) problems.push(...checkScaleProfile(config));
  return problems;
}

const words = (value: string[] | string | undefined): string => (Array.isArray(value) ? value.join(' ') : (value ?? ''));

function dependsHealthy(service: ComposeService, target: string): boolean {
  const dependsOn = service.depends_on;
  return !!dependsOn && !Array.isArray(dependsOn) && dependsOn[target]?.condition === 'service_healthy';
}

/**
 * The `scale` profile: PostgreSQL and Redis health-checked, PostgreSQL's data on a named volume
 * and its password never a constant, the API nodes built from the single API's image on both
 * with a shared proofs folder and no port of their own, the gateway in front of each node with
 * its configuration from deploy/gateway.
 */
export function checkScaleProfile(config: ComposeConfig): string[] {
  const problems: string[] = [];
  const services = config.services ?? {};
  const declaredVolumes = new Set(Object.keys(config.volumes ?? {}));
  for (const name of SCALE_SERVICES) {
    const service = services[name];
    if (!service) problems.push(`scale profile: no ${name} service`);
    else if (service.profiles?.join() !== 'scale') problems.push(`${name}: must be in the scale profile only (profiles: [scale]); found ${service.profiles?.join(', ') ?? 'none'}`);
  }
  const postgres = services.postgres;
  if (postgres) {
    if (!words(postgres.healthcheck?.test).includes('pg_isready')) problems.push('postgres: the health check must run pg_isready');
    if (!namedVolumeAt(postgres, '/var/lib/postgresql/data', declaredVolumes)) problems.push('postgres: /var/lib/postgresql/data must be a named volume');
    // The password comes from .env or nowhere; the service refuses to start without it.
    if (!words(postgres.entrypoint).includes('POSTGRES_PASSWORD')) problems.push('postgres: must refuse to start without POSTGRES_PASSWORD (its entrypoint checks it)');
  }
  const redis = services.redis;
  if (redis) {
    const test = words(redis.healthcheck?.test);
    if (!test.includes('redis-cli') || !test.includes('ping')) problems.push('redis: the health check must run redis-cli ping');
    const keepsNothing = /--save\s+(''|""|$|\s)/.test(`${words(redis.command)} `) || (Array.isArray(redis.command) && redis.command[redis.command.indexOf('--save') + 1] === '');
    if (!keepsNothing && !namedVolumeAt(redis, '/data', declaredVolumes)) problems.push("redis: /data must be a named volume, or snapshots off (--save '')");
  }
  // With `scale` on, every API node that runs is on PostgreSQL: no idle SQLite node runs its game timers.
  const apiImage = services['player-api']?.image;
  for (const [name, service] of Object.entries(services)) {
    const runsInScale = !service.profiles?.length || service.profiles.includes('scale');
    const isApi = service.build?.target === 'player-api' || (apiImage !== undefined && service.image === apiImage);
    if (runsInScale && isApi && !env(service, 'DATABASE_URL') && !env(service, 'DATABASE_URL_FILE')) {
      problems.push(`${name}: runs in the scale profile on SQLite (no DATABASE_URL): an idle node beside the PostgreSQL nodes, running its own game timers`);
    }
  }
  const single = services['player-api'];
  const uploads = new Set<string>();
  for (const name of API_NODES) {
    const node = services[name];
    if (!node) continue;
    if (single && node.image !== single.image) problems.push(`${name}: must run the player API's image (${single.image ?? '?'}); found ${node.image ?? 'none'}`);
    if (single && env(node, 'JWT_SECRET') !== env(single, 'JWT_SECRET')) problems.push(`${name}: JWT_SECRET must come from the same setting as the single API's`);
    const databaseUrl = env(node, 'DATABASE_URL');
    // From a file (docker-compose.secrets.yml), the URL is the operator's to get right.
    const fromFile = databaseUrl === '' && env(node, 'DATABASE_URL_FILE') !== '';
    if (!fromFile && !/^postgres(ql)?:\/\/[^@]*@postgres[:/]/.test(databaseUrl)) problems.push(`${name}: DATABASE_URL must point at the postgres service; found "${databaseUrl.replace(/:[^:@/]*@/, ':***@')}"`);
    if (!/^redis:\/\/([^@]*@)?redis[:/]?/.test(env(node, 'REDIS_URL'))) problems.push(`${name}: REDIS_URL must point at the redis service`);
    for (const target of ['postgres', 'redis']) if (!dependsHealthy(node, target)) problems.push(`${name}: must wait for ${target} (condition: service_healthy)`);
    const uploadsDir = env(node, 'UPLOADS_DIR');
    const volume = uploadsDir.startsWith('/') ? sharedVolumeOf(node, uploadsDir, declaredVolumes) : null;
    if (!volume) problems.push(`${name}: UPLOADS_DIR (proof images) must be on a named volume every node mounts`);
    else uploads.add(volume);
    if (env(node, 'TRUST_PROXY') !== '1') problems.push(`${name}: TRUST_PROXY must be 1 (the gateway), so rate limits see the player's address`);
    if ((node.ports ?? []).length > 0) problems.push(`${name}: publishes a port; the nodes are reached through api-gateway only`);
  }
  if (uploads.size > 1) problems.push(`the API nodes keep proofs on different volumes (${[...uploads].join(', ')}): a proof uploaded to one node must be readable on every node`);
  const gateway = services['api-gateway'];
  if (gateway) {
    if (gateway.build?.target !== GATEWAY_TARGET) problems.push(`api-gateway: must be built from the ${GATEWAY_TARGET} target (deploy/gateway's configuration); found ${gateway.build?.target ?? gateway.image ?? 'no build'}`);
    if (env(gateway, 'GATEWAY_LISTEN') !== String(GATEWAY_PORT)) problems.push(`api-gateway: GATEWAY_LISTEN must be ${GATEWAY_PORT} (the port it publishes)`);
    if (publishedPorts(gateway).get(GATEWAY_PORT) === undefined) problems.push(`api-gateway: port ${GATEWAY_PORT} is not published`);
    API_NODES.forEach((name, i) => {
      if (env(gateway, `API_NODE_${i + 1}`) !== `${name}:4000`) problems.push(`api-gateway: API_NODE_${i + 1} must be ${name}:4000`);
      if (!dependsHealthy(gateway, name)) problems.push(`api-gateway: must wait for ${name} (condition: service_healthy)`);
    });
  }
  return problems;
}

/** The named volume mounted at `dir` or at one of its parents. */
function sharedVolumeOf(service: ComposeService, dir: string, declared: Set<string>): string | null {
  for (let at = dir; at !== '/'; at = path.posix.dirname(at)) {
    const volume = namedVolumeAt(service, at, declared);
    if (volume) return volume;
  }
  return null;
}

/**
 * The database password is never a constant: every `${POSTGRES_PASSWORD…}` of the compose text
 * has no default (an empty one at most), so only .env can set it.
 */
export function checkNoConstantPassword(composeText: string): string[] {
  const problems: string[] = [];
  for (const match of composeText.matchAll(/(?<!\$)\$\{POSTGRES_PASSWORD(?::?[-?+]([^}]*))?\}/g)) {
    if (match[1]) problems.push(`docker-compose.yml: ${match[0]} gives the database password a default; it must come from .env only`);
  }
  // The key itself (`POSTGRES_PASSWORD: x`, or `- POSTGRES_PASSWORD=x` in a list), not a comment.
  if (/^\s*(-\s*)?POSTGRES_PASSWORD\s*[:=]\s*[^$\s]/m.test(composeText)) problems.push('docker-compose.yml: POSTGRES_PASSWORD is set to a constant; it must come from .env only');
  return problems;
}

/** Names of the variables a compose file interpolates (`${NAME}`, `${NAME:-default}`…; `$${…}` is a literal). */
export function interpolatedVariables(composeText: string): Set<string> {
  const names = new Set<string>();
  for (const match of composeText.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)) if (match[1]) names.add(match[1]);
  return names;
}

/** Names set in a .env file. */
export function envFileVariables(envText: string): Set<string> {
  const names = new Set<string>();
  for (const line of envText.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** Settings of docker compose itself that .env may hold (they are read by compose, not interpolated). */
const COMPOSE_SETTINGS = new Set(['COMPOSE_PROFILES', 'COMPOSE_PROJECT_NAME', 'COMPOSE_FILE']);

/**
 * Every setting the compose files interpolate is in .env.example, and .env.example lists nothing
 * else but compose's own settings (COMPOSE_PROFILES…). `composeText`: the files' texts together.
 */
export function checkEnvExample(composeText: string, envText: string): string[] {
  const used = interpolatedVariables(composeText);
  const listed = envFileVariables(envText);
  return [
    ...[...used].filter((name) => !listed.has(name)).map((name) => `.env.example does not list ${name}, which docker-compose.yml uses`),
    ...[...listed].filter((name) => !used.has(name) && !COMPOSE_SETTINGS.has(name)).map((name) => `.env.example lists ${name}, which docker-compose.yml never uses`),
  ];
}

/**
 * The player API image starts in production mode unless told otherwise: its target stage (or a
 * stage it is built on) sets `APP_MODE=production` (a deployment that forgets the variable never
 * runs the demo). A file with one image: its final stage.
 */
export function checkApiImage(dockerfileText: string, target = 'player-api'): string[] {
  const stages = stagesOf(parseDockerfile(dockerfileText));
  const stage = stages.find((candidate) => candidate.name === target) ?? (targetStages(stages).length === 1 ? stages.at(-1) : undefined);
  if (!stage) return [`deploy/Dockerfile: no ${target} target`];
  const chain = chainOf(stage, stages);
  for (const link of chain) {
    const setting = link.instructions.filter((instruction) => instruction.keyword === 'ENV' && /(^|\s)APP_MODE=/.test(instruction.args)).at(-1);
    if (setting) return /(^|\s)APP_MODE=production(\s|$)/.test(setting.args) ? [] : [`deploy/Dockerfile: the ${target} image must set ENV APP_MODE=production`];
  }
  return [`deploy/Dockerfile: the ${target} image must set ENV APP_MODE=production`];
}
