import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_SECRET_FILE } from '../config/demo-secret';
import { DEMO_OPERATOR, DEMO_PLAYER } from '../features/seed/seed';
import { GATEWAY_UNAVAILABLE_TEXT } from '../features/payment-gateway/feature';
import { newId } from '../lib/ids';
import { createTestApp, type TestApp } from '../testing/test-app';
import { newPlayer } from '../testing/players';
import { startMain } from '../testing/main-process';

// Issue 9, items 1 and 2: two explicit modes; production never hands out money, demo data or a
// secret from the source.

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-modes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// These start the API as a process (tsx compiles it each time): seconds each on a busy machine.
const PROCESS_TESTS = { timeout: 90_000 };

describe('production mode refuses to start without a real signing secret', PROCESS_TESTS, () => {
  it.each([
    ['no APP_MODE and no JWT_SECRET (the default is production)', {}],
    ['APP_MODE=production, JWT_SECRET empty', { APP_MODE: 'production', JWT_SECRET: '' }],
    ['APP_MODE=production, JWT_SECRET of 31 characters', { APP_MODE: 'production', JWT_SECRET: 'x'.repeat(31) }],
  ])('%s: exit code ≠ 0 and a message naming JWT_SECRET', async (_name, env) => {
    const started = await startMain({ DATABASE_PATH: join(tempDir(), 'api.sqlite'), ...env });
    expect(started.url).toBeNull();
    expect(started.code).not.toBe(0);
    expect(started.code).not.toBeNull();
    expect(started.output).toMatch(/JWT_SECRET: (is required in production mode|must be at least 32 characters)/);
  });

  // Issue 31, item 8 (docs/decisions/147): a secret long enough but made of repeats, sequences or
  // words is refused too, with how to make a good one.
  it.each([
    ['32 × a', 'a'.repeat(32)],
    ['a repeated pattern', 'abcd'.repeat(8)],
    ['a sequence', 'abcdefghijklmnopqrstuvwxyz012345'],
    ['dictionary words', 'thisismysupersecretkeyforjwttokens'],
    ['a word repeated', 'changemechangemechangemechangeme'],
  ])('refuses a JWT_SECRET of %s, saying how to generate one', async (_name, secret) => {
    const started = await startMain({ APP_MODE: 'production', JWT_SECRET: secret, DATABASE_PATH: join(tempDir(), 'api.sqlite') });
    expect(started.url).toBeNull();
    expect(started.code).not.toBe(0);
    expect(started.output).toContain('JWT_SECRET: is not random enough');
    expect(started.output).toContain('openssl rand -hex 32');
  });

  it('starts with a random secret, and seeds no demo login', async () => {
    const started = await startMain({ APP_MODE: 'production', JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_PATH: join(tempDir(), 'api.sqlite') });
    try {
      expect(started.url).not.toBeNull();
      for (const { username, password } of [DEMO_PLAYER, DEMO_OPERATOR]) {
        const response = await fetch(`${started.url}/player/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
        expect(response.status).toBe(401);
      }
    } finally {
      await started.stop();
    }
  });
});

// Issue 31, item 1 (docs/decisions/140): a database first used in demo mode, restarted in
// production (compose keeps the SQLite volume when .env changes).
describe('production on a database first used in demo mode', PROCESS_TESTS, () => {
  it('starts, names the demo accounts in its log, and never lets them sign in or use their demo sessions', async () => {
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_PATH: join(tempDir(), 'api.sqlite') };
    const demo = await startMain({ ...env, APP_MODE: 'demo' });
    let tokens: string[];
    try {
      tokens = await Promise.all(
        [DEMO_PLAYER, DEMO_OPERATOR].map(async ({ username, password }) => {
          const login = await fetch(`${demo.url}/player/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
          expect(login.status).toBe(200);
          return ((await login.json()) as { accesstoken: string }).accesstoken;
        }),
      );
    } finally {
      await demo.stop();
    }
    const production = await startMain({ ...env, APP_MODE: 'production' });
    try {
      expect(production.url).not.toBeNull();
      // The log is written in batches (at least once a second).
      await expect.poll(() => production.output, { timeout: 5_000 }).toContain('demo accounts found: they cannot sign in outside demo mode');
      for (const { username, password } of [DEMO_PLAYER, DEMO_OPERATOR]) {
        const response = await fetch(`${production.url}/player/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
        expect(response.status).toBe(401);
      }
      // Their tokens from demo mode, signed with this very secret, open nothing.
      const [player, operator] = tokens;
      expect((await fetch(`${production.url}/account/`, { headers: { authorization: `Bearer ${player ?? ''}` } })).status).toBe(401);
      expect((await fetch(`${production.url}/operator/withdrawals`, { headers: { authorization: `Bearer ${operator ?? ''}` } })).status).toBe(401);
    } finally {
      await production.stop();
    }
  });
});

describe('where demo mode listens', PROCESS_TESTS, () => {
  it('binds 127.0.0.1 unless HOST says otherwise', async () => {
    const started = await startMain({ APP_MODE: 'demo', HOST: '', DATABASE_PATH: join(tempDir(), 'api.sqlite') });
    try {
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await started.stop();
    }
  });
});

describe('demo mode signs with a random secret kept in its data folder', PROCESS_TESTS, () => {
  it('makes the secret once per folder (mode 0600), keeps sessions across a restart, and refuses tokens signed with anything else', async () => {
    const dir = tempDir();
    const env = { APP_MODE: 'demo', DATABASE_PATH: join(dir, 'api.sqlite') };
    const first = await startMain(env);
    let token: string | undefined;
    try {
      expect(first.url).not.toBeNull();
      expect(first.output).toContain('DEMO MODE');
      const login = await fetch(`${first.url}/player/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_PLAYER) });
      token = ((await login.json()) as { accesstoken: string }).accesstoken;
    } finally {
      await first.stop();
    }
    expect(statSync(join(dir, DEMO_SECRET_FILE)).mode & 0o777).toBe(0o600);

    const second = await startMain(env);
    try {
      const account = await fetch(`${second.url}/account/`, { headers: { authorization: `Bearer ${token ?? ''}` } });
      expect(account.status).toBe(200);
      // The development constant the source used to carry signs nothing any more.
      const sub = ((await account.json()) as { _id: string })._id;
      const forged = await new SignJWT({ UserInfo: { username: DEMO_OPERATOR.username, role: 1 }, ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('suwerte-dev-only-secret-change-me-0123456789'));
      expect((await fetch(`${second.url}/account/`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    } finally {
      await second.stop();
    }

    // Another data folder, another secret: the first folder's token means nothing there.
    const other = await startMain({ APP_MODE: 'demo', DATABASE_PATH: join(tempDir(), 'api.sqlite') });
    try {
      expect((await fetch(`${other.url}/account/`, { headers: { authorization: `Bearer ${token ?? ''}` } })).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe('the payment-gateway and game-site stand-ins', PROCESS_TESTS, () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('production: the QR gateway answers 503 { message } and there is no payment page to pay on', async () => {
    t = await createTestApp({ mode: 'production' });
    const player = await newPlayer(t, 0);
    const response = await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', headers: player.headers, payload: { amount: 100_000 } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: GATEWAY_UNAVAILABLE_TEXT });
    expect((await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', payload: { amount: 100 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/gateway/pay/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/gateway/pay/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=x` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/deposit/history', headers: player.headers })).json()).toEqual([]);
  });

  it('demo: the stand-ins run (and say they are stand-ins)', async () => {
    t = await createTestApp({ mode: 'demo' });
    const player = await newPlayer(t, 0);
    const response = await t.app.inject({ method: 'POST', url: '/transaction/cashin/gateway', headers: player.headers, payload: { amount: 100 } });
    expect(response.statusCode).toBe(200);
    const page = await t.app.inject({ url: new URL((response.json() as { payment_url: string }).payment_url).pathname });
    expect(page.body).toContain('local stand-in');
  });
});

describe('ids', () => {
  it('are random: no shared time prefix, no counter to walk', () => {
    const ids = Array.from({ length: 200 }, () => newId());
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    // The old ids shared 18 leading hex digits within a second (time + per-process random).
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBeGreaterThan(190);
    const last = (id: string) => Number.parseInt(id.slice(-6), 16);
    const steps = ids.slice(1).map((id, index) => last(id) - last(ids[index] ?? ''));
    expect(steps.filter((step) => step === 1).length).toBeLessThan(5);
  });
});
