import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, EnvError, loadEnv, packageRoot } from './env';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toEqual({
      port: 4000,
      host: '0.0.0.0',
      databasePath: join(packageRoot(), '.data', 'suwerte.sqlite'),
      jwtSecret: DEV_JWT_SECRET,
      usingDevSecret: true,
      tokenTtlSeconds: 86_400,
      corsOrigins: '*',
      publicUrl: 'http://localhost:4000',
      seedDemoData: true,
      logLevel: 'info',
    });
    expect(packageRoot()).toMatch(/player-api$/);
  });

  it('reads every variable', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_PATH: ':memory:',
      JWT_SECRET: 'a-very-long-production-secret',
      TOKEN_TTL_SECONDS: '60',
      CORS_ORIGINS: 'http://localhost:3000, https://suwerte.example/',
      PUBLIC_URL: 'https://api.suwerte.example/',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databasePath: ':memory:',
      jwtSecret: 'a-very-long-production-secret',
      usingDevSecret: false,
      tokenTtlSeconds: 60,
      corsOrigins: ['http://localhost:3000', 'https://suwerte.example'],
      publicUrl: 'https://api.suwerte.example',
      seedDemoData: false,
      logLevel: 'warn',
    });
  });

  it('treats empty variables as unset and * anywhere in the list as any origin', () => {
    expect(loadEnv({ PORT: '', JWT_SECRET: '', CORS_ORIGINS: 'http://a.test,*' })).toMatchObject({ port: 4000, usingDevSecret: true, corsOrigins: '*' });
    expect(loadEnv({ SEED_DEMO_DATA: '0' }).seedDemoData).toBe(false);
    expect(loadEnv({ SEED_DEMO_DATA: 'yes' }).seedDemoData).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 16 characters'],
    [{ TOKEN_TTL_SECONDS: '-5' }, 'TOKEN_TTL_SECONDS'],
    [{ CORS_ORIGINS: 'not an origin' }, 'CORS_ORIGINS'],
    [{ PUBLIC_URL: 'nope' }, 'PUBLIC_URL'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA'],
  ])('rejects %j with a message naming it', (source, text) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(text);
  });
});
