import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../site';
import { checkApiImage, checkCompose, checkEnvExample, envFileVariables, interpolatedVariables, type ComposeConfig } from './compose-check';

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
});
