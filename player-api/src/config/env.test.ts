import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SECRET_FILE, demoSecretFor } from './demo-secret';
import { DEFAULT_LOGIN_LIMITS, EnvError, LOCAL_SITE_ORIGINS, MAX_SECRET_FILE_BYTES, databaseLocation, loadDataEnv, loadEnv, packageRoot } from './env';

// A random secret (docs/decisions/147: words, repeats and sequences are refused), as `openssl rand -hex 32` makes one.
const SECRET = '9f2c4e7a1b8d3f6052e9c7a4b1d8e3f60a5c2e9b7d4f1a8c3e6b0d9f2a5c7e14';

describe('loadEnv', () => {
  it('is production by default, and production refuses to start without JWT_SECRET, naming it', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    expect(() => loadEnv({})).toThrow(/JWT_SECRET: is required in production mode/);
    expect(() => loadEnv({ APP_MODE: 'production', JWT_SECRET: '   ' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ APP_MODE: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow('JWT_SECRET: must be at least 32 characters');
    // Every bad variable is listed at once, the missing secret too.
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });

  it('has working production defaults once the secret is given', () => {
    expect(loadEnv({ JWT_SECRET: SECRET })).toEqual({
      mode: 'production',
      port: 4000,
      host: '0.0.0.0',
      databasePath: join(packageRoot(), '.data', 'suwerte.sqlite'),
      databaseUrl: null,
      jwtSecret: SECRET,
      // A session lasts 12 hours without activity (docs/decisions/143).
      tokenTtlSeconds: 43_200,
      // No page on another origin may call the API until its origins are listed.
      corsOrigins: [],
      publicUrl: 'http://localhost:4000',
      logLevel: 'info',
      // Routine reads' access lines: one in ten (lib/access-log.ts).
      accessLogReadSample: 10,
      trustProxy: false,
      loginLimits: DEFAULT_LOGIN_LIMITS,
      uploadsPerIp: 30,
      // One node: no Redis.
      redisUrl: null,
      redisPrefix: 'suwerte',
      leaderCheckMs: 1_000,
      // SIGTERM: the answers in flight get 8 s, under Docker's 10 s before its SIGKILL.
      shutdownGraceMs: 8_000,
    });
    expect(packageRoot()).toMatch(/player-api$/);
  });

  it('demo mode needs no secret (the data folder keeps one), allows the local site and listens on this machine only', () => {
    expect(loadEnv({ APP_MODE: 'demo' })).toMatchObject({ mode: 'demo', jwtSecret: null, corsOrigins: LOCAL_SITE_ORIGINS, host: '127.0.0.1' });
    expect(loadEnv({ APP_MODE: 'demo', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(LOCAL_SITE_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004']);
  });

  it('reads every variable', () => {
    const env = loadEnv({
      APP_MODE: 'demo',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_PATH: ':memory:',
      JWT_SECRET: SECRET,
      TOKEN_TTL_SECONDS: '60',
      CORS_ORIGINS: 'http://localhost:3000, https://suwerte.example/',
      PUBLIC_URL: 'https://api.suwerte.example/',
      LOG_LEVEL: 'warn',
      ACCESS_LOG_READ_SAMPLE: '1',
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_IP: '500',
      LOGIN_LIMIT_PER_USERNAME_IP: '7',
      LOGIN_LIMIT_PER_USERNAME: '50',
      REGISTER_LIMIT_PER_IP: '20',
      UPLOAD_LIMIT_PER_IP: '40',
      DATABASE_URL: 'postgres://suwerte:pw@db:5432/suwerte',
      REDIS_URL: 'rediss://:pw@redis:6380',
      REDIS_PREFIX: 'suwerte-staging',
      LEADER_CHECK_MS: '500',
      SHUTDOWN_GRACE_MS: '25000',
    });
    expect(env).toEqual({
      mode: 'demo',
      port: 8080,
      host: '127.0.0.1',
      databasePath: ':memory:',
      databaseUrl: 'postgres://suwerte:pw@db:5432/suwerte',
      jwtSecret: SECRET,
      tokenTtlSeconds: 60,
      corsOrigins: ['http://localhost:3000', 'https://suwerte.example'],
      publicUrl: 'https://api.suwerte.example',
      logLevel: 'warn',
      accessLogReadSample: 1,
      trustProxy: 1,
      loginLimits: { failuresPerIp: 500, failuresPerUsernameAndIp: 7, failuresPerUsername: 50, registrationsPerIp: 20 },
      uploadsPerIp: 40,
      redisUrl: 'rediss://:pw@redis:6380',
      redisPrefix: 'suwerte-staging',
      leaderCheckMs: 500,
      shutdownGraceMs: 25_000,
    });
    expect(loadEnv({ JWT_SECRET: SECRET, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ APP_MODE: '', PORT: '', JWT_SECRET: SECRET, CORS_ORIGINS: '', REDIS_URL: '', REDIS_PREFIX: '', LEADER_CHECK_MS: ' ', ACCESS_LOG_READ_SAMPLE: '' })).toMatchObject({
      mode: 'production',
      port: 4000,
      accessLogReadSample: 10,
      corsOrigins: [],
      redisUrl: null,
      redisPrefix: 'suwerte',
      leaderCheckMs: 1_000,
    });
  });

  it.each([
    [{ APP_MODE: 'staging' }, 'APP_MODE: must be demo or production'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ TOKEN_TTL_SECONDS: '-5' }, 'TOKEN_TTL_SECONDS'],
    [{ CORS_ORIGINS: 'not an origin' }, 'CORS_ORIGINS'],
    // Never any origin, never `null`.
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'http://localhost:3000,*' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'null' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'file:///srv/site' }, 'CORS_ORIGINS'],
    [{ PUBLIC_URL: 'nope' }, 'PUBLIC_URL'],
    [{ SEED_DEMO_DATA: 'false' }, 'SEED_DEMO_DATA: is replaced by APP_MODE'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ LOGIN_LIMIT_PER_IP: '0' }, 'LOGIN_LIMIT_PER_IP'],
    [{ ACCESS_LOG_READ_SAMPLE: '0' }, 'ACCESS_LOG_READ_SAMPLE: must be at least 1'],
    [{ ACCESS_LOG_READ_SAMPLE: '2.5' }, 'ACCESS_LOG_READ_SAMPLE: must be a whole number'],
    [{ DATABASE_URL: 'mysql://db/suwerte' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ DATABASE_URL: 'postgres://db/suwerte', REDIS_URL: 'redis-host:6379' }, 'REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ DATABASE_URL: 'postgres://db/suwerte', REDIS_URL: 'redis://r', REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX: must be 1 to 64 letters'],
    [{ DATABASE_URL: 'postgres://db/suwerte', LEADER_CHECK_MS: '50' }, 'LEADER_CHECK_MS: must be at least 100 ms'],
    [{ DATABASE_URL: 'postgres://db/suwerte', LEADER_CHECK_MS: '120000' }, 'LEADER_CHECK_MS: must be at most 60000 ms'],
    // Several nodes need PostgreSQL: two nodes on one SQLite file would both lead.
    [{ REDIS_URL: 'redis://redis:6379' }, 'REDIS_URL: needs DATABASE_URL (PostgreSQL)'],
  ])('rejects %j with a message naming it', (source, text) => {
    const env = { APP_MODE: 'demo', ...source };
    expect(() => loadEnv(env)).toThrow(EnvError);
    expect(() => loadEnv(env)).toThrow(text);
  });

  it('gives the operator command line its database in any mode, without a secret', () => {
    expect(loadDataEnv({ DATABASE_PATH: ':memory:', PUBLIC_URL: 'https://api.example/' })).toEqual({ databasePath: ':memory:', databaseUrl: null, publicUrl: 'https://api.example' });
    expect(() => loadDataEnv({ PUBLIC_URL: 'nope' })).toThrow(EnvError);
  });

  it('reads DATABASE_URL as PostgreSQL instead of the SQLite file', () => {
    const url = 'postgres://suwerte:pw@db:5432/suwerte';
    const env = loadEnv({ APP_MODE: 'demo', DATABASE_URL: url });
    expect(env.databaseUrl).toBe(url);
    expect(databaseLocation(env)).toBe(url);
    expect(databaseLocation(loadEnv({ APP_MODE: 'demo', DATABASE_PATH: ':memory:' }))).toBe(':memory:');
    expect(loadDataEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });
});

describe('settings from files (Docker secrets)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-env-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const at = join(dir, name);
    writeFileSync(at, content);
    return at;
  };
  const PG_URL = 'postgres://suwerte:a-password-of-24-chars@postgres:5432/suwerte';

  it('reads JWT_SECRET_FILE and DATABASE_URL_FILE, dropping the newline echo leaves', () => {
    const env = loadEnv({ JWT_SECRET_FILE: file('jwt', `${SECRET}\n`), DATABASE_URL_FILE: file('db', `${PG_URL}\r\n`) });
    expect(env).toMatchObject({ mode: 'production', jwtSecret: SECRET, databaseUrl: PG_URL });
    // Only one trailing newline is the file's end; everything else is the value.
    expect(loadEnv({ JWT_SECRET_FILE: file('jwt-spaces', `  ${SECRET}\n\n`) }).jwtSecret).toBe(`  ${SECRET}\n`);
    // The operator command line reads the database's location the same way.
    expect(loadDataEnv({ DATABASE_URL_FILE: file('db2', PG_URL) }).databaseUrl).toBe(PG_URL);
    // A file for REDIS_URL's PostgreSQL counts as PostgreSQL.
    expect(loadEnv({ JWT_SECRET: SECRET, DATABASE_URL_FILE: file('db3', PG_URL), REDIS_URL: 'redis://redis:6379' }).redisUrl).toBe('redis://redis:6379');
  });

  it('satisfies production mode with the file alone, and checks its value like the variable', () => {
    expect(loadEnv({ APP_MODE: 'production', JWT_SECRET_FILE: file('jwt-ok', SECRET) }).jwtSecret).toBe(SECRET);
    const short = file('jwt-short', 'x'.repeat(31));
    expect(() => loadEnv({ JWT_SECRET_FILE: short })).toThrow('JWT_SECRET (from JWT_SECRET_FILE): must be at least 32 characters');
    expect(() => loadEnv({ JWT_SECRET: SECRET, DATABASE_URL_FILE: file('db-bad', 'mysql://root@db/suwerte') })).toThrow(/DATABASE_URL \(from DATABASE_URL_FILE\): must be a postgres:\/\/ URL/);
  });

  it('refuses a missing, empty, oversized or doubly given setting, naming the file but never its content', () => {
    const missing = join(dir, 'nowhere');
    expect(() => loadEnv({ JWT_SECRET_FILE: missing })).toThrow(`JWT_SECRET_FILE: cannot read ${missing} (ENOENT)`);
    // The missing file is the problem named, not a missing secret as well.
    expect(() => loadEnv({ JWT_SECRET_FILE: missing })).not.toThrow(/is required in production mode/);
    expect(() => loadEnv({ JWT_SECRET_FILE: dir })).toThrow(`JWT_SECRET_FILE: cannot read ${dir} (EISDIR)`);
    expect(() => loadEnv({ JWT_SECRET_FILE: file('empty', '\n') })).toThrow(/JWT_SECRET_FILE: .*empty is empty/);
    const huge = file('huge', 'x'.repeat(MAX_SECRET_FILE_BYTES + 1));
    expect(() => loadEnv({ JWT_SECRET_FILE: huge })).toThrow(`JWT_SECRET_FILE: ${huge} is ${MAX_SECRET_FILE_BYTES + 1} bytes`);
    expect(() => loadEnv({ JWT_SECRET: SECRET, JWT_SECRET_FILE: file('jwt-both', SECRET) })).toThrow(
      'JWT_SECRET_FILE: JWT_SECRET is set too; give the setting one way (the variable or the file), not both',
    );
    expect(() => loadDataEnv({ DATABASE_URL: PG_URL, DATABASE_URL_FILE: file('db-both', PG_URL) })).toThrow(/DATABASE_URL_FILE: DATABASE_URL is set too/);
    // A secret never appears in an error.
    const leaky = file('jwt-leaky', 'short-secret-value');
    try {
      loadEnv({ JWT_SECRET_FILE: leaky, PORT: 'x' });
      expect.unreachable('loadEnv accepted a 18-character secret');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect(String(error)).not.toContain('short-secret-value');
      expect(String(error)).toMatch(/PORT[\s\S]*JWT_SECRET \(from JWT_SECRET_FILE\)/);
    }
  });

  it('treats empty _FILE variables as unset (compose passes `X_FILE=` as an empty string)', () => {
    expect(loadEnv({ JWT_SECRET: SECRET, JWT_SECRET_FILE: '', DATABASE_URL_FILE: '  ' })).toMatchObject({ jwtSecret: SECRET, databaseUrl: null });
    expect(() => loadEnv({ JWT_SECRET_FILE: '' })).toThrow(/JWT_SECRET: is required in production mode/);
  });
});

describe('demo signing secret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is random per data folder, kept there for the owner only, and the same at the next start', () => {
    const first = demoSecretFor(join(dir, 'a', 'suwerte.sqlite'));
    const second = demoSecretFor(join(dir, 'b', 'suwerte.sqlite'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(demoSecretFor(join(dir, 'a', 'suwerte.sqlite'))).toBe(first);
    const file = join(dir, 'a', DEMO_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(demoSecretFor(':memory:')).not.toBe(demoSecretFor(':memory:'));
  });

  it('refuses a file that holds no usable secret', () => {
    writeFileSync(join(dir, DEMO_SECRET_FILE), 'short\n', { mode: 0o644 });
    expect(() => demoSecretFor(join(dir, 'x.sqlite'))).toThrow(/delete it/);
    expect(statSync(join(dir, DEMO_SECRET_FILE)).mode & 0o777).toBe(0o600);
  });
});

// Issue 31, item 8 (docs/decisions/147).
describe('JWT_SECRET must be random', () => {
  it.each([
    ['32 × a', 'a'.repeat(32)],
    ['a pattern repeated', '0123'.repeat(8)],
    ['a keyboard walk', 'qwertyuiopasdfghjklzxcvbnm123456'],
    ['dictionary words', 'thisismysupersecretkeyforjwttokens'],
    ['words and a year', 'my-super-secret-jwt-signing-key-2024'],
  ])('refuses %s, in any mode, saying how to make one', (_name, secret) => {
    for (const APP_MODE of ['production', 'demo']) {
      expect(() => loadEnv({ APP_MODE, JWT_SECRET: secret })).toThrow(/JWT_SECRET: is not random enough \(.+\): use a random secret, e\.g\. `openssl rand -hex 32`/);
    }
  });

  it('takes random secrets (hex and base64, 32 characters and more)', () => {
    for (const secret of [SECRET, 'c22b5523e495019d5e49a6781a3b1893', 'PMWmpDx85Vn7n/1Fu1IQg8L4de9N7oBoCAnMMHau80M=']) expect(loadEnv({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('keeps a session at most 12 hours without activity', () => {
    expect(() => loadEnv({ JWT_SECRET: SECRET, TOKEN_TTL_SECONDS: '86400' })).toThrow('TOKEN_TTL_SECONDS: must be at most 43200 (12 hours)');
  });
});
