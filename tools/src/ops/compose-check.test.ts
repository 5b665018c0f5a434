import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { checkApiImage, checkCompose, checkEnvExample, checkNoConstantPassword, envFileVariables, interpolatedVariables, type ComposeConfig, type ComposeService } from './compose-check';

const staticHealth = { test: ['CMD-SHELL', 'wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1'] };
const healthy = { condition: 'service_healthy' };
/** The player API's health check: its readiness, as compose writes it (no spaces in an argument). */
const apiHealth = { test: ['CMD', 'node', '-e', "fetch('http://127.0.0.1:4000/health/ready').then(…)"] };

/** The shape `docker-compose config` prints for a correct file (the e2e suite checks the real one). */
function resolved(): ComposeConfig {
  const remote = (name: string, port: number) => ({
    build: { context: REPO_ROOT, dockerfile: 'deploy/Dockerfile', target: 'remote', args: { REMOTE: name } },
    environment: { PLAYER_API_URL: 'http://localhost:4000' },
    volumes: [`${name}-releases:/srv/releases:rw`],
    ports: [{ published: port, target: 8080 }],
    healthcheck: staticHealth,
  });
  return {
    services: {
      'player-api': {
        profiles: ['single'],
        build: { context: REPO_ROOT, dockerfile: 'deploy/Dockerfile', target: 'player-api' },
        environment: {
          APP_MODE: 'production',
          PORT: '4000',
          DATABASE_PATH: '/data/suwerte.sqlite',
          PUBLIC_URL: 'http://localhost:4000',
          CORS_ORIGINS: 'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004',
        },
        volumes: ['player-data:/data:rw'],
        ports: [{ published: 4000, target: 4000 }],
        healthcheck: apiHealth,
      },
      'remote-members': remote('members', 3001),
      'remote-lotto': remote('lotto', 3002),
      'remote-sports': remote('sports', 3003),
      'remote-karera': remote('karera', 3004),
      host: {
        build: { context: REPO_ROOT, dockerfile: 'deploy/Dockerfile', target: 'host' },
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
    build: { context: REPO_ROOT, dockerfile: 'deploy/Dockerfile', target: 'player-api' },
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
    healthcheck: apiHealth,
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
        build: { context: REPO_ROOT, dockerfile: 'deploy/Dockerfile', target: 'gateway' },
        image: 'suwerte/gateway:local',
        environment: { GATEWAY_LISTEN: '8080', API_NODE_1: 'player-api-1:4000', API_NODE_2: 'player-api-2:4000' },
        ports: ['127.0.0.1:4000:8080/tcp'],
        healthcheck: { test: ['CMD-SHELL', 'wget -q -O /dev/null http://127.0.0.1:8080/health/ready || exit 1'] },
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

  it('catch broken references: health conditions, volumes, Dockerfiles and their targets', () => {
    expect(
      mutate((c) => {
        delete c.services['player-api']?.healthcheck;
      }),
    ).toEqual(['player-api: no health check']);
    expect(mutateScale((s) => void delete s['player-api-1']?.healthcheck)).toEqual(
      expect.arrayContaining(['player-api-1: no health check', 'api-gateway: depends on player-api-1, which has no health check']),
    );
    expect(mutateScale((s) => s['api-gateway'] && (s['api-gateway'].depends_on = { 'player-api-1': { condition: 'service_started' }, 'player-api-2': healthy }))).toEqual(
      expect.arrayContaining(['api-gateway: depends_on player-api-1 must wait for condition: service_healthy']),
    );
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
    expect(
      mutate((c) => {
        const karera = c.services['remote-karera'];
        if (karera?.build) karera.build.target = 'remotes';
      }),
    ).toEqual(['remote-karera: build.target remotes is not an image of deploy/Dockerfile (player-api, host, remote, gateway)']);
    expect(
      mutate((c) => {
        delete c.services.host?.build?.target;
      }),
    ).toEqual(["host: build.target must name one of deploy/Dockerfile's images (player-api, host, remote, gateway)"]);
  });

  it('let the static parts start on their own, without waiting for the API', () => {
    expect(
      mutate((c) => {
        const host = c.services.host;
        if (host) host.depends_on = { 'player-api': healthy };
      }),
    ).toEqual(['host: a static part starts on its own (no depends_on): the browser, not the container, calls the API and loads the remotes']);
    expect(
      mutate((c) => {
        const lotto = c.services['remote-lotto'];
        if (lotto) lotto.depends_on = ['player-api'];
      }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^remote-lotto: a static part starts on its own/)]));
  });

  it("catch a CMD health check whose arguments hold spaces (podman's Docker API splits them)", () => {
    expect(
      mutate((c) => {
        const api = c.services['player-api'];
        if (api) api.healthcheck = { test: ['CMD', 'node', '-e', "fetch('http://127.0.0.1:4000/health/ready').then((r) => process.exit(r.ok ? 0 : 1))"] };
      }),
    ).toEqual(["player-api: an argument of the CMD health check holds a space; podman's Docker API splits it (write it without spaces, or use CMD-SHELL)"]);
    // One shell string is passed whole.
    expect(
      mutate((c) => {
        const api = c.services['player-api'];
        if (api) api.healthcheck = { test: ['CMD-SHELL', 'wget -q -O /dev/null http://127.0.0.1:4000/health/ready || exit 1'] };
      }),
    ).toEqual([]);
  });

  it('catch an API health check that asks only whether the process is alive (issue 36: ready for traffic)', () => {
    expect(
      mutate((c) => {
        const api = c.services['player-api'];
        if (api) api.healthcheck = { test: ['CMD-SHELL', 'wget -q -O /dev/null http://127.0.0.1:4000/health || exit 1'] };
      }),
    ).toEqual(['player-api: the health check must ask /health/ready (ready for traffic), not only whether the process is alive']);
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
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'deploy', 'Dockerfile'), 'utf8');
    expect(checkApiImage(dockerfile)).toEqual([]);
    expect(checkApiImage(dockerfile.replace('APP_MODE=production', 'APP_MODE=demo'))).toEqual(['deploy/Dockerfile: the player-api image must set ENV APP_MODE=production']);
    // Set in a build stage only is not enough.
    expect(checkApiImage('FROM node AS build\nENV APP_MODE=production\nFROM node\nENV PORT=4000\n')).not.toEqual([]);
    // A stage the image is built on counts; another target's does not.
    expect(checkApiImage('FROM debian AS base\nENV APP_MODE=production\nFROM base AS player-api\nUSER node\n')).toEqual([]);
    expect(checkApiImage('FROM debian AS other\nENV APP_MODE=production\nFROM debian AS player-api\nUSER node\n')).toEqual([
      'deploy/Dockerfile: the player-api image must set ENV APP_MODE=production',
    ]);
  });

  it('find every setting of docker-compose.yml in .env.example and nothing else', () => {
    const compose = ['docker-compose.yml', 'docker-compose.secrets.yml'].map((file) => readFileSync(path.join(REPO_ROOT, file), 'utf8')).join('\n');
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    expect(checkEnvExample(compose, example)).toEqual([]);
    // compose's own settings may be listed without being interpolated.
    expect(checkEnvExample('x: ${A:-1}', 'A=1\nCOMPOSE_PROFILES=single\n')).toEqual([]);
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
    expect(mutateScale((s) => s.redis && (s.redis.profiles = []))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^services without a profile must be /), expect.stringMatching(/^redis: must be in the scale profile only/)]),
    );
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
    expect(mutateScale((s) => void (s['api-gateway']?.build && (s['api-gateway'].build.target = 'host')))).toEqual([
      'api-gateway: must be built from the gateway target (deploy/gateway\'s configuration); found host',
    ]);
  });

  it("publish the gateway on the pages' API port, as the single node is: the pages' URL holds in both profiles", () => {
    expect(mutateScale((s) => s['api-gateway'] && (s['api-gateway'].ports = ['127.0.0.1:4100:8080/tcp']))).toEqual([
      "api-gateway: must publish the pages' API port 4000 (as player-api does in the single profile); found 4100",
    ]);
  });

  it('run no idle SQLite node beside the nodes of `scale`', () => {
    expect(mutateScale((s) => s['player-api'] && (s['player-api'].profiles = []))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^services without a profile must be host, remote-members/),
        'player-api: must be in the single profile only (profiles: [single]); found none',
        'player-api: runs in the scale profile on SQLite (no DATABASE_URL): an idle node beside the PostgreSQL nodes, running its own game timers',
      ]),
    );
    expect(mutateScale((s) => s['player-api'] && (s['player-api'].profiles = ['single', 'scale']))).toEqual(
      expect.arrayContaining(['player-api: runs in the scale profile on SQLite (no DATABASE_URL): an idle node beside the PostgreSQL nodes, running its own game timers']),
    );
    // A node reading its database URL from a file (docker-compose.secrets.yml) is on PostgreSQL.
    expect(
      mutateScale((s) => {
        const node = s['player-api-1']?.environment;
        if (node) {
          node.DATABASE_URL = '';
          node.DATABASE_URL_FILE = '/run/secrets/database_url';
        }
      }),
    ).toEqual([]);
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
