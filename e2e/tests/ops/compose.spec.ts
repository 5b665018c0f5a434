import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkApiImage, checkCompose, checkEnvExample, type ComposeConfig } from '@suwerte/tools/ops/compose-check';
import { REPO_ROOT } from '@suwerte/tools/site';
// No page needed: plain Playwright tests, without the browser fixtures.
import { expect, test } from '@playwright/test';

// docker-compose.yml validated offline (no Docker engine runs here): Debian's docker-compose
// checks it against the compose schema and its references between services; our own checks
// then read the resolved file for what the schema cannot know (health conditions behind every
// depends_on, named volumes, URLs the browser can reach).
const COMPOSE = path.join(REPO_ROOT, 'docker-compose.yml');
const SECRETS = path.join(REPO_ROOT, 'docker-compose.secrets.yml');
const ENV_EXAMPLE = path.join(REPO_ROOT, '.env.example');

function dockerCompose(args: string[], files: string | string[] = COMPOSE) {
  const fileArgs = (Array.isArray(files) ? files : [files]).flatMap((file) => ['-f', file]);
  return spawnSync('docker-compose', ['--project-directory', REPO_ROOT, ...fileArgs, ...args], { encoding: 'utf8', cwd: REPO_ROOT });
}

/** `docker-compose config` output (YAML) as JSON, read with the YAML library docker-compose ships with. */
function resolvedConfig(envFile: string, files: string[] = [COMPOSE]): ComposeConfig {
  const yaml = execFileSync('docker-compose', ['--project-directory', REPO_ROOT, '--env-file', envFile, ...files.flatMap((file) => ['-f', file]), 'config'], { encoding: 'utf8' });
  const json = execFileSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: yaml, encoding: 'utf8' });
  return JSON.parse(json) as ComposeConfig;
}

test('docker-compose.yml passes the compose schema and reference checks, with .env.example and with no .env', () => {
  const withExample = dockerCompose(['--env-file', ENV_EXAMPLE, 'config', '-q']);
  expect(withExample.stderr).toBe('');
  expect(withExample.status).toBe(0);
  const empty = path.join(mkdtempSync(path.join(tmpdir(), 'suwerte-compose-')), 'empty.env');
  writeFileSync(empty, '');
  const defaults = dockerCompose(['--env-file', empty, 'config', '-q']);
  expect(defaults.stderr).toBe('');
  expect(defaults.status).toBe(0);
  rmSync(path.dirname(empty), { recursive: true, force: true });
});

test('docker-compose.yml passes the current compose-spec schema and dclint rules (.dclintrc.yaml)', () => {
  const dclint = path.join(REPO_ROOT, 'node_modules', '.bin', 'dclint');
  for (const file of [COMPOSE, SECRETS]) {
    const clean = spawnSync(dclint, [file, '--quiet', '--formatter', 'json'], { encoding: 'utf8', cwd: REPO_ROOT });
    expect(clean.stdout + clean.stderr, file).not.toContain('"severity":"error"');
    expect(clean.status, file).toBe(0);
  }
  // And it does read the schema: a service with an unknown key fails.
  const broken = path.join(mkdtempSync(path.join(tmpdir(), 'suwerte-dclint-')), 'docker-compose.yml');
  writeFileSync(broken, readFileSync(COMPOSE, 'utf8').replace('  player-api:\n', '  player-api:\n    restart_policy_typo: always\n'));
  const failed = spawnSync(dclint, [broken, '--quiet'], { encoding: 'utf8', cwd: REPO_ROOT });
  expect(failed.status).not.toBe(0);
  rmSync(path.dirname(broken), { recursive: true, force: true });
});

test('the validator catches a broken file (so a pass means something)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-compose-'));
  try {
    const text = readFileSync(COMPOSE, 'utf8');
    const cases: Array<[string, string, RegExp]> = [
      ['unknown service in depends_on', text.replace('      player-api-2:\n        condition: service_healthy', '      remote-bingo:\n        condition: service_healthy'), /remote-bingo/],
      ['undeclared named volume', text.replace('  lotto-releases:\n', ''), /lotto-releases/],
      ['a key the schema does not know', text.replace('    image: suwerte/host:', '    imagee: suwerte/host:'), /imagee/],
    ];
    for (const [name, broken, message] of cases) {
      const file = path.join(dir, 'docker-compose.yml');
      writeFileSync(file, broken);
      const result = dockerCompose(['--env-file', ENV_EXAMPLE, 'config', '-q'], file);
      expect(result.status, name).not.toBe(0);
      expect(result.stderr, name).toMatch(message);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('services reference each other correctly and hand the browser reachable URLs', () => {
  expect(checkCompose(resolvedConfig(ENV_EXAMPLE), REPO_ROOT)).toEqual([]);
  expect(checkEnvExample(`${readFileSync(COMPOSE, 'utf8')}\n${readFileSync(SECRETS, 'utf8')}`, readFileSync(ENV_EXAMPLE, 'utf8'))).toEqual([]);
});

test('docker-compose.secrets.yml hands every API node its secrets as files, and empties the variables', () => {
  const result = dockerCompose(['--env-file', ENV_EXAMPLE, 'config', '-q'], [COMPOSE, SECRETS]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const services = resolvedConfig(ENV_EXAMPLE, [COMPOSE, SECRETS]).services ?? {};
  const secretsOf = (name: string) => ((services[name] as { secrets?: Array<{ source: string }> } | undefined)?.secrets ?? []).map((secret) => secret.source);
  expect(services['player-api']?.environment).toMatchObject({ JWT_SECRET: '', JWT_SECRET_FILE: '/run/secrets/jwt_secret' });
  expect(secretsOf('player-api')).toEqual(['jwt_secret']);
  for (const node of ['player-api-1', 'player-api-2']) {
    expect(services[node]?.environment, node).toMatchObject({ JWT_SECRET: '', JWT_SECRET_FILE: '/run/secrets/jwt_secret', DATABASE_URL: '', DATABASE_URL_FILE: '/run/secrets/database_url' });
    expect(secretsOf(node).sort(), node).toEqual(['database_url', 'jwt_secret']);
  }
  expect(services.postgres?.environment).toMatchObject({ POSTGRES_PASSWORD: '', POSTGRES_PASSWORD_FILE: '/run/secrets/postgres_password' });
  // The rest of the stack is the same as without the file.
  expect(checkCompose(resolvedConfig(ENV_EXAMPLE, [COMPOSE, SECRETS]), REPO_ROOT)).toEqual([]);
});

test('the player API runs in production mode unless .env says APP_MODE=demo, and production needs a secret', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-compose-'));
  try {
    const modeWith = (text: string) => {
      const file = path.join(dir, '.env');
      writeFileSync(file, text);
      return resolvedConfig(file).services?.['player-api']?.environment ?? {};
    };
    // No .env at all, or .env.example copied as it is: production.
    expect(modeWith('').APP_MODE).toBe('production');
    expect(modeWith(readFileSync(ENV_EXAMPLE, 'utf8')).APP_MODE).toBe('production');
    expect(modeWith('APP_MODE=demo\n').APP_MODE).toBe('demo');
    // The secret is passed through from .env, never given a value by the compose file.
    expect(modeWith('').JWT_SECRET ?? '').toBe('');
    expect(modeWith('JWT_SECRET=0123456789abcdef0123456789abcdef\n').JWT_SECRET).toBe('0123456789abcdef0123456789abcdef');
    // The demo-data switch is gone: only APP_MODE decides.
    expect(Object.keys(modeWith(''))).not.toContain('SEED_DEMO_DATA');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(checkApiImage(readFileSync(path.join(REPO_ROOT, 'deploy', 'Dockerfile'), 'utf8'))).toEqual([]);
});

test('changing a published port without its URL is caught', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-compose-'));
  try {
    const env = path.join(dir, '.env');
    writeFileSync(env, readFileSync(ENV_EXAMPLE, 'utf8').replace('LOTTO_PORT=3002', 'LOTTO_PORT=3902'));
    expect(checkCompose(resolvedConfig(env), REPO_ROOT)).toEqual([
      'host: REMOTE_LOTTO_URL=http://localhost:3002 but remote-lotto is published on port 3902',
      "player-api: CORS_ORIGINS must allow remote-lotto's standalone page (http://localhost:3902)",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
