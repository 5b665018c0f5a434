import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Checks of docker-compose.yml beyond its schema: the references between services (health
 * checks behind every `depends_on`, named volumes, Dockerfiles) and that every URL handed to the
 * browser is a published address that matches the port the target service publishes — never a
 * container name. Input: the file as `docker-compose config` resolves it (interpolated, defaults
 * applied), converted to JSON.
 */

type Environment = Record<string, string | number | boolean | null>;

export interface ComposeService {
  build?: { context?: string; dockerfile?: string; args?: Environment };
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
  const names = Object.keys(services).sort();
  if (names.join() !== [...PARTS].sort().join()) problems.push(`services must be ${PARTS.join(', ')}; found ${names.join(', ')}`);

  for (const [name, service] of Object.entries(services)) {
    const dockerfile = service.build?.dockerfile;
    const context = service.build?.context ?? '';
    if (!dockerfile) problems.push(`${name}: no build.dockerfile`);
    else if (!existsSync(path.resolve(repoRoot, context, dockerfile))) problems.push(`${name}: ${dockerfile} does not exist`);
    if (path.resolve(repoRoot, context) !== path.resolve(repoRoot)) problems.push(`${name}: the build context must be the repository root`);
    if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${name}: no health check`);
    const dependsOn = service.depends_on ?? {};
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
  browserUrl('player-api', 'PUBLIC_URL', apiUrl, 'player-api', apiPublished);
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
    browserUrl(name, 'PLAYER_API_URL', env(service, 'PLAYER_API_URL'), 'player-api', apiPublished);
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
    const hostDepends = host.depends_on;
    if (!hostDepends || Array.isArray(hostDepends) || !hostDepends[remoteService]) problems.push(`host: must depend on ${remoteService}`);
  }
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

/** Every setting of the compose file is in .env.example, and .env.example lists nothing else. */
export function checkEnvExample(composeText: string, envText: string): string[] {
  const used = interpolatedVariables(composeText);
  const listed = envFileVariables(envText);
  return [
    ...[...used].filter((name) => !listed.has(name)).map((name) => `.env.example does not list ${name}, which docker-compose.yml uses`),
    ...[...listed].filter((name) => !used.has(name)).map((name) => `.env.example lists ${name}, which docker-compose.yml never uses`),
  ];
}

/**
 * The player API image starts in production mode unless told otherwise: the final stage sets
 * `APP_MODE=production` (a deployment that forgets the variable never runs the demo).
 */
export function checkApiImage(dockerfileText: string): string[] {
  const stages = dockerfileText.split(/^FROM\s/m);
  const last = stages.at(-1) ?? '';
  const envLines = last
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .filter((line) => /^\s*ENV\s/.test(line));
  return envLines.some((line) => /(^|\s)APP_MODE=production(\s|$)/.test(line.trim()))
    ? []
    : ['deploy/player-api/Dockerfile: the final stage must set ENV APP_MODE=production'];
}
