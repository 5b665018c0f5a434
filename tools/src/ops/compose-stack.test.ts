import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envFileVariables } from './compose-check';
import { buildArgs, composeArgs, containersConfWith, imageBuilds, signedWith, testEnvFile, type ComposeTestState } from './compose-stack';

const state: ComposeTestState = {
  repoRoot: '/repo',
  project: 'suwerte-compose-7800',
  dockerHost: 'unix:///tmp/x/podman.sock',
  envFile: '/tmp/x/compose.env',
  composeFiles: ['/repo/docker-compose.yml', '/repo/docker-compose.secrets.yml'],
  secretsDir: '/tmp/x/secrets',
  portBase: 7800,
  caFile: '/etc/ssl/certs/ca-certificates.crt',
  npmCache: '/root/.npm',
  logDir: '/tmp/x/logs',
  timingsFile: '/tmp/x/timings.jsonl',
};

describe('containers.conf for podman on this machine', () => {
  it('writes both settings into an empty or missing file', () => {
    expect(containersConfWith('')).toBe('[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]\n\n[engine]\nruntime = "runc"\n');
  });

  it('adds a missing key under its existing section and keeps what the operator set', () => {
    const own = '# mine\n[containers]\nlog_driver = "k8s-file"\n\n[engine]\nruntime = "crun"\nevents_logger = "file"\n';
    expect(containersConfWith(own)).toBe(
      '# mine\n[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]\nlog_driver = "k8s-file"\n\n[engine]\nruntime = "crun"\nevents_logger = "file"\n',
    );
  });

  it('changes nothing once the settings are there (idempotent)', () => {
    const once = containersConfWith('[network]\nnetwork_backend = "netavark"\n');
    expect(once).toContain('[network]\nnetwork_backend = "netavark"\n\n[containers]\n');
    expect(containersConfWith(once)).toBe(once);
    // A key of the same name in another section does not count.
    expect(containersConfWith('[machine]\nruntime = "x"\n')).toContain('[engine]\nruntime = "runc"');
  });
});

describe('the test stack', () => {
  it("writes an env file of the test's own: demo mode, the single node, every port and URL in its range", () => {
    const text = testEnvFile(7800, '/tmp/x/secrets');
    const values = Object.fromEntries(text.split('\n').filter((line) => /^[A-Z]/.test(line)).map((line) => line.split('=') as [string, string]));
    expect(values).toMatchObject({
      COMPOSE_PROFILES: 'single',
      APP_MODE: 'demo',
      PUBLISH_ADDRESS: '127.0.0.1',
      HOST_PORT: '7800',
      MEMBERS_PORT: '7801',
      LOTTO_PORT: '7802',
      SPORTS_PORT: '7803',
      KARERA_PORT: '7804',
      API_PORT: '7810',
      PLAYER_API_URL: 'http://localhost:7810',
      REMOTE_LOTTO_URL: 'http://localhost:7802',
      API_CORS_ORIGINS: 'http://localhost:7800,http://localhost:7801,http://localhost:7802,http://localhost:7803,http://localhost:7804',
      SECRETS_DIR: '/tmp/x/secrets',
    });
    expect(envFileVariables(text).has('JWT_SECRET')).toBe(false);
  });

  it('runs docker-compose on its own project, files and settings', () => {
    expect(composeArgs(state)).toEqual([
      '-p',
      'suwerte-compose-7800',
      '--project-directory',
      '/repo',
      '--env-file',
      '/tmp/x/compose.env',
      '-f',
      '/repo/docker-compose.yml',
      '-f',
      '/repo/docker-compose.secrets.yml',
    ]);
  });

  it('builds each image the compose file names once, as compose would, with the CA bundle and npm cache lent', () => {
    const builds = imageBuilds({
      services: {
        'player-api': { build: { context: '/repo', dockerfile: 'deploy/Dockerfile', target: 'player-api' }, image: 'suwerte/player-api:local' },
        'player-api-1': { build: { context: '/repo', dockerfile: 'deploy/Dockerfile', target: 'player-api' }, image: 'suwerte/player-api:local' },
        'remote-lotto': { build: { context: '/repo', dockerfile: 'deploy/Dockerfile', target: 'remote', args: { REMOTE: 'lotto', RELEASE: null } }, image: 'suwerte/remote-lotto:local' },
        postgres: { image: 'postgres:17-alpine' },
      },
    });
    expect(builds.map((build) => [build.image, build.services])).toEqual([
      ['suwerte/player-api:local', ['player-api', 'player-api-1']],
      ['suwerte/remote-lotto:local', ['remote-lotto']],
    ]);
    const lotto = builds[1];
    if (!lotto) throw new Error('no lotto build');
    expect(buildArgs(state, lotto)).toEqual([
      'build',
      '--format',
      'docker',
      '--jobs',
      '2',
      '-f',
      '/repo/deploy/Dockerfile',
      '--target',
      'remote',
      '--build-arg',
      'REMOTE=lotto',
      '--build-arg',
      'RELEASE=',
      '-v',
      '/etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro',
      '--build-arg',
      'NODE_EXTRA_CA_CERTS=/run/host-ca.crt',
      '-v',
      '/root/.npm:/root/.npm',
      '-t',
      'suwerte/remote-lotto:local',
      '/repo',
    ]);
    expect(buildArgs({ ...state, caFile: null, npmCache: null }, lotto)).not.toContain('-v');
  });

  it("tells whether a token was signed with the secret file's value", () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'p1' })}`;
    const token = `${unsigned}.${createHmac('sha256', 'the-secret').update(unsigned).digest('base64url')}`;
    expect(signedWith(token, 'the-secret')).toBe(true);
    expect(signedWith(token, 'another-secret')).toBe(false);
    expect(signedWith(`${unsigned}.`, 'the-secret')).toBe(false);
  });
});
