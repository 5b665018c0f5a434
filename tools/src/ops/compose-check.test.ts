import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { checkApiImage, checkCompose, checkEnvExample, checkNoConstantPassword, envFileVariables, interpolatedVariables, type ComposeConfig, type ComposeService } from './compose-check';

const staticHealth = { test: ['CMD-SHELL', 'wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1'] };
const healthy = { condition: 'service_healthy' };

/** The shape `docker-compose config` prints for a correct file (the e2e suite checks the real one). */
function resolved(): ComposeConfig {
  const remote = (name: string, port: number) => ({
    build: { context: REPO_ROOT, dockerfile: 'deploy/remote/Dockerfile', args: { REMOTE: name } },
    environment: { PLAYER_API_URL: 'http://localhost:4000' },
    volumes: [`${name}-releases:/srv/releases:rw`],
    ports: [{ published: port, target: 8080 }],
    healthcheck: staticHealth,
    depends_on: { 'player-api': healthy },
  });
  return {
    services: {
      'player-api': {
        build: { context: REPO_ROOT, dockerfile: 'deploy/player-api/Dockerfile' },
        environment: {
          APP_MODE: 'production',
          PORT: '4000',
          DATABASE_PATH: '/data/suwerte.sqlite',
          PUBLIC_URL: 'http://localhost:4000',
          CORS_ORIGINS: 'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004',
        },
        volumes: ['player-data:/data:rw'],
        ports: [{ published: 4000, target: 4000 }],
        healthcheck: { test: ['CMD', 'node', '-e', '…'] },
      },
      'remote-members': remote('members', 3001),
      'remote-lotto': remote('lotto', 3002),
      'remote-sports': remote('sports', 3003),
      'remote-karera': remote('karera', 3004),
      host: {
        build: { context: REPO_ROOT, dockerfile: 'deploy/host/Dockerfile' },
        environment: {
          PLAYER_API_URL: 'http://localhost:4000',
          REMOTE_MEMBERS_URL: 'http://localhost:3001',
          REMOTE_MEMBERS_VERSION: '1.0.0',
          REMOTE_LOTTO_URL: 'http://localhost:3002',
          REMOTE_LOTTO_VERSION: '1.0.0',
          REMOTE_SPORTS_URL: 'http://localhost:3003',
          REMOTE_SPORTS_VERSION: '1.0.0',
          REMOTE_KARERA_URL: 'http://localhost:3004',
          REMOTE_KARERA_VERSION: '1.0.0',
        },
        ports: ['3000:8080'],
        healthcheck: staticHealth,
        depends_on: {
          'player-api': healthy,
          'remote-members': healthy,
          'remote-lotto': healthy,
          'remote-sports': healthy,
          'remote-karera': healthy,
        },
      },
    },
    volumes: { 'player-data': {}, 'members-releases': {}, 'lotto-releases': {}, 'sports-releases': {}, 'karera-releases': {} },
  };
}

/** The `scale` profile as `docker-compose --profile scale config` prints it for a correct file. */
function withScale(config: ComposeConfig): Required<ComposeConfig> {
  const services = config.services ?? {};
  const single = services['player-api'];
  const node = (): ComposeService => ({
    profiles: ['scale'],
    build: { context: REPO_ROOT, dockerfile: 'deploy/player-api/Dockerfile' },
    image: 'suwerte/player-api:local',
    environment: {
      APP_MODE: 'production',
      DATABASE_URL: 'postgres://suwerte:s3cretpassword123@postgres:5432/suwerte',
      REDIS_URL: 'redis://redis:6379',
      UPLOADS_DIR: '/data/uploads',
      TRUST_PROXY: '1',
      JWT_SECRET: '',
    },
    volumes: ['api-shared:/data:rw'],
    healthcheck: { test: ['CMD', 'node', '-e', '…'] },
    depends_on: { postgres: healthy, redis: healthy },
  });
  if (single) single.image = 'suwerte/player-api:local';
  return {
    services: {
      ...services,
      postgres: {
        profiles: ['scale'],
        image: 'postgres:17-alpine',
        entrypoint: ['/bin/sh', '-c', 'case "$$POSTGRES_PASSWORD" in "") exit 64 ;; esac; exec docker-entrypoint.sh postgres'],
        environment: { POSTGRES_PASSWORD: 's3cretpassword123' },
        volumes: ['postgres-data:/var/lib/postgresql/data:rw'],
        healthcheck: { test: ['CMD', 'pg_isready', '-U', 'suwerte'] },
      },
      redis: { profiles: ['scale'], image: 'redis:7.4-alpine', command: ['redis-server', '--save', '', '--appendonly', 'no'], healthcheck: { test: ['CMD', 'redis-cli', 'ping'] } },
      'player-api-1': node(),
      'player-api-2': node(),
      'api-gateway': {
        profiles: ['scale'],
        image: 'nginxinc/nginx-unprivileged:1.28-alpine',
        environment: { GATEWAY_LISTEN: '8080', API_NODE_1: 'player-api-1:4000', API_NODE_2: 'player-api-2:4000' },
        volumes: [`${REPO_ROOT}/deploy/gateway/default.conf.template:/etc/nginx/templates/default.conf.template:ro`],
        ports: ['127.0.0.1:4100:8080/tcp'],
        healthcheck: staticHealth,
        depends_on: { 'player-api-1': healthy, 'player-api-2': healthy },
      },
    },
    volumes: { ...config.volumes, 'postgres-data': {}, 'api-shared': {} },
  };
}

function mutateScale(change: (services: Record<string, ComposeService>) => void): string[] {
  const config = withScale(resolved());
  change(config.services);
  return checkCompose(config, REPO_ROOT);
}

function mutate(change: (config: Required<ComposeConfig>) => void): string[] {
  const config = resolved() as Required<ComposeConfig>;
  change(config);
  return checkCompose(config, REPO_ROOT);
}

describe('compose checks', () => {
  it('accept a correct configuration', () => {
    expect(checkCompose(resolved(), REPO_ROOT)).toEqual([]);
  });

  it('pin every remote to the release its image publishes; following the newest is opt-in', () => {
    const setLotto = (version: string, release?: string) =>
      mutate((config) => {
        const host = config.services.host;
        const lotto = config.services['remote-lotto'];
        if (host?.environment) host.environment.REMOTE_LOTTO_VERSION = version;
        if (release && lotto?.build) lotto.build.args = { RELEASE: release };
      });
    expect(setLotto('')).toEqual([expect.stringMatching(/REMOTE_LOTTO_VERSION must pin a release such as 1\.0\.0 .*opt-in/)]);
    expect(setLotto('current')).toEqual([expect.stringMatching(/REMOTE_LOTTO_VERSION must pin a release/)]);
    expect(setLotto('1.1.0')).toEqual(['host: REMOTE_LOTTO_VERSION=1.1.0 but remote-lotto publishes 1.0.0: a fresh start would have no such release']);
    expect(setLotto('1.1.0', '1.1.0')).toEqual([]);
  });

  it('read ports bound to an interface, as docker-compose config writes them', () => {
    expect(
      mutate((config) => {
        const host = config.services.host;
        if (host) host.ports = ['127.0.0.1:3000:8080/tcp'];
      }),
    ).toEqual([]);
    expect(
      mutate((config) => {
        const host = config.services.host;
        if (host) host.ports = ['127.0.0.1:3999:8080/tcp'];
      }),
    ).not.toEqual([]);
  });

  it('catch container names and ports that do not match what the browser reaches', () => {
    expect(
      mutate((c) => {
        const env = c.services.host?.environment;
        if (env) env.REMOTE_LOTTO_URL = 'http://remote-lotto:8080';
      }),
    ).toEqual(expect.arrayContaining(['host: REMOTE_LOTTO_URL=http://remote-lotto:8080 names a container; the browser cannot reach it']));
    expect(
      mutate((c) => {
        const lotto = c.services['remote-lotto'];
        if (lotto) lotto.ports = [{ published: 3902, target: 8080 }];
      }),
    ).toEqual(expect.arrayContaining(['host: REMOTE_LOTTO_URL=http://localhost:3002 but remote-lotto is published on port 3902']));
    expect(
      mutate((c) => {
        const env = c.services['remote-sports']?.environment;
        if (env) env.PLAYER_API_URL = 'http://player-api:4000';
      }),
    ).toEqual(expect.arrayContaining(['remote-sports: PLAYER_API_URL must equal the API\'s PUBLIC_URL (http://localhost:4000)']));
  });

  it('catch broken references: health conditions, volumes, Dockerfiles', () => {
    expect(
      mutate((c) => {
        const host = c.services.host;
        if (host) host.depends_on = { 'player-api': { condition: 'service_started' } };
      }),
    ).toEqual(expect.arrayContaining(['host: depends_on player-api must wait for condition: service_healthy', 'host: must depend on remote-lotto']));
    expect(
      mutate((c) => {
        delete c.services['player-api']?.healthcheck;
      }),
    ).toEqual(expect.arrayContaining(['player-api: no health check', 'host: depends on player-api, which has no health check']));
    expect(
      mutate((c) => {
        const api = c.services['player-api'];
        if (api) api.volumes = ['./data:/data'];
      }),
    ).toEqual(['player-api: /data (DATABASE_PATH) must be a named volume']);
    expect(
      mutate((c) => {
        const karera = c.services['remote-karera'];
        if (karera?.build) karera.build.dockerfile = 'deploy/karera/Dockerfile';
      }),
    ).toEqual(['remote-karera: deploy/karera/Dockerfile does not exist']);
  });

  it('catch a player API without an explicit mode, or open to any origin', () => {
    expect(
      mutate((c) => {
        delete c.services['player-api']?.environment?.APP_MODE;
      }),
    ).toEqual(['player-api: APP_MODE must be production or demo; found ""']);
    expect(
      mutate((c) => {
        const env = c.services['player-api']?.environment;
        if (env) env.CORS_ORIGINS = '*';
      }),
    ).toContain('player-api: CORS_ORIGINS must list each origin (never * or null)');
  });

  it('find the player API image in production mode by default', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'deploy', 'player-api', 'Dockerfile'), 'utf8');
    expect(checkApiImage(dockerfile)).toEqual([]);
    expect(checkApiImage(dockerfile.replace('APP_MODE=production', 'APP_MODE=demo'))).toEqual(['deploy/player-api/Dockerfile: the final stage must set ENV APP_MODE=production']);
    // Set in the build stage only is not enough.
    expect(checkApiImage('FROM node AS build\nENV APP_MODE=production\nFROM node\nENV PORT=4000\n')).not.toEqual([]);
  });

  it('find every setting of docker-compose.yml in .env.example and nothing else', () => {
    const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    expect(checkEnvExample(compose, example)).toEqual([]);
    expect(interpolatedVariables('a: ${A:-x}\nb: "${B}"\nc: $${NOT}')).toEqual(new Set(['A', 'B']));
    expect(envFileVariables('# X=1\nA=1\n B = 2\n')).toEqual(new Set(['A', 'B']));
    expect(checkEnvExample('x: ${NEW_SETTING:-1}', 'OLD=1\n')).toEqual([
      '.env.example does not list NEW_SETTING, which docker-compose.yml uses',
      '.env.example lists OLD, which docker-compose.yml never uses',
    ]);
  });

  it('accept the scale profile: PostgreSQL, Redis, two API nodes and their gateway', () => {
    expect(checkCompose(withScale(resolved()), REPO_ROOT)).toEqual([]);
  });

  it('catch a scale profile without health checks, named volumes or pinned images', () => {
    expect(mutateScale((s) => void delete s.postgres?.healthcheck)).toEqual(
      expect.arrayContaining(['postgres: no health check', 'postgres: the health check must run pg_isready', 'player-api-1: depends on postgres, which has no health check']),
    );
    expect(mutateScale((s) => s.postgres && (s.postgres.volumes = ['./pgdata:/var/lib/postgresql/data']))).toEqual(['postgres: /var/lib/postgresql/data must be a named volume']);
    expect(mutateScale((s) => s.redis && (s.redis.command = ['redis-server']))).toEqual(["redis: /data must be a named volume, or snapshots off (--save '')"]);
    expect(mutateScale((s) => s.redis && (s.redis.image = 'redis:latest'))).toEqual(['redis: image redis:latest must be pinned to a release (name:major[-variant])']);
    expect(mutateScale((s) => s.redis && (s.redis.profiles = []))).toEqual(expect.arrayContaining([expect.stringMatching(/^services must be /), expect.stringMatching(/^redis: must be in the scale profile only/)]));
  });

  it('catch API nodes that are not set up as nodes of one site', () => {
    const env = (name: string) => (s: Record<string, ComposeService>) => s[name]?.environment ?? {};
    expect(mutateScale((s) => void (env('player-api-2')(s).DATABASE_URL = 'postgres://suwerte:pw@db.example:5432/suwerte'))).toEqual([
      'player-api-2: DATABASE_URL must point at the postgres service; found "postgres://suwerte:***@db.example:5432/suwerte"',
    ]);
    expect(mutateScale((s) => void delete env('player-api-1')(s).REDIS_URL)).toEqual(['player-api-1: REDIS_URL must point at the redis service']);
    expect(mutateScale((s) => s['player-api-2'] && (s['player-api-2'].volumes = ['other-uploads:/data']))).toEqual([
      'player-api-2: UPLOADS_DIR (proof images) must be on a named volume every node mounts',
    ]);
    expect(mutateScale((s) => void (env('player-api-1')(s).JWT_SECRET = 'a-constant-secret-0123456789abcdef'))).toEqual([
      "player-api-1: JWT_SECRET must come from the same setting as the single API's",
    ]);
    expect(mutateScale((s) => s['player-api-1'] && (s['player-api-1'].depends_on = { postgres: healthy }))).toEqual(['player-api-1: must wait for redis (condition: service_healthy)']);
    expect(mutateScale((s) => s['player-api-1'] && (s['player-api-1'].ports = ['4001:4000']))).toEqual(['player-api-1: publishes a port; the nodes are reached through api-gateway only']);
    expect(mutateScale((s) => s['player-api-2'] && (s['player-api-2'].image = 'suwerte/player-api:old'))).toEqual([
      'player-api-2: must run the player API\'s image (suwerte/player-api:local); found suwerte/player-api:old',
    ]);
  });

  it('catch a gateway that does not front both nodes with the deploy/gateway configuration', () => {
    expect(mutateScale((s) => void (s['api-gateway']?.environment && (s['api-gateway'].environment.API_NODE_2 = 'player-api-1:4000')))).toEqual([
      'api-gateway: API_NODE_2 must be player-api-2:4000',
    ]);
    expect(mutateScale((s) => s['api-gateway'] && (s['api-gateway'].volumes = []))).toEqual([
      'api-gateway: deploy/gateway/default.conf.template must be mounted at /etc/nginx/templates/default.conf.template',
    ]);
  });

  it('let the pages call the gateway instead of the single API', () => {
    const pagesOn = (url: string) => (s: Record<string, ComposeService>) => {
      for (const service of Object.values(s)) if (service.environment && 'PLAYER_API_URL' in service.environment) service.environment.PLAYER_API_URL = url;
      const api = s['player-api']?.environment;
      if (api) api.PUBLIC_URL = url;
    };
    expect(mutateScale(pagesOn('http://localhost:4100'))).toEqual([]);
    expect(mutateScale(pagesOn('http://localhost:4200'))).toContain('host: PLAYER_API_URL=http://localhost:4200 but player-api is published on port 4000');
  });

  it('find no constant database password in docker-compose.yml', () => {
    const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    expect(checkNoConstantPassword(compose)).toEqual([]);
    expect(checkNoConstantPassword('POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-suwerte}')).toEqual([
      'docker-compose.yml: ${POSTGRES_PASSWORD:-suwerte} gives the database password a default; it must come from .env only',
    ]);
    expect(checkNoConstantPassword('      POSTGRES_PASSWORD: suwerte\n')).toEqual(['docker-compose.yml: POSTGRES_PASSWORD is set to a constant; it must come from .env only']);
  });
});
