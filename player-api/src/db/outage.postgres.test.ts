import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { READY_PATH } from '../features/health/feature';
import { DATABASE_UNAVAILABLE_TEXT } from '../lib/errors';
import { apiRoutes, concretePath, describeRoute, injectRoute } from '../security/routes';
import { DEMO_OPERATOR, DEMO_PLAYER } from '../features/seed/seed';
import { openPostgresStore, type Store } from './store';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { GENEROUS_LIMITS, TEST_SECRET } from '../testing/test-app';
import { TEST_DATABASE_URL, openTestStore, type TestStore } from '../testing/test-store';

// Issue 36: while PostgreSQL is away every route answers 503 with a message (it answered 500
// "Internal server error"), the readiness check says why, and the API comes back by itself.
// The database is taken away for real: the API's connections go through a TCP proxy the test cuts.

let base: TestStore;
let proxy: TcpProxy;
let store: Store;
let app: FastifyInstance;
const headers: Record<'player' | 'operator', Record<string, string>> = { player: {}, operator: {} };

async function login(username: string, password: string): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'POST', url: '/player/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json<{ accesstoken: string }>().accesstoken}` };
}

beforeAll(async () => {
  base = await openTestStore();
  const server = new URL(TEST_DATABASE_URL);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  store = openPostgresStore(proxy.through(TEST_DATABASE_URL), { ...(base.schema ? { schema: base.schema } : {}) });
  app = await buildApp({ mode: 'demo', database: store, jwtSecret: TEST_SECRET, loginLimits: GENEROUS_LIMITS, demoSlate: false });
  await app.ready();
  headers.player = await login(DEMO_PLAYER.username, DEMO_PLAYER.password);
  headers.operator = await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  await proxy?.close();
  await base?.close();
});

describe('PostgreSQL goes away', () => {
  it('every route answers 503 with a message, never a 500; the readiness check names it; all is back once the database is', async () => {
    await proxy.cut();

    const unavailable: string[] = [];
    // The readiness check answers its own 503 (below).
    for (const route of apiRoutes(app).filter((candidate) => candidate.url !== READY_PATH)) {
      const auth = route.auth === 'operator' ? headers.operator : route.auth === 'public' ? {} : headers.player;
      const response = await injectRoute(app, {
        method: route.method as 'GET',
        url: concretePath(route.url),
        headers: auth,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const name = describeRoute(route);
      expect(response.statusCode, `${name}: ${response.body}`).not.toBe(500);
      if (response.statusCode >= 500) {
        expect(response.statusCode, name).toBe(503);
        expect(response.json(), name).toEqual({ message: DATABASE_UNAVAILABLE_TEXT });
        expect(response.headers['retry-after'], name).toBe('10');
        unavailable.push(name);
      }
    }
    // What needs the database (every signed-in call, the money, the games) says so; what does not
    // (a body that fails its contract, the liveness check) answers as ever. A sign-in with a body: below.
    expect(unavailable).toEqual(expect.arrayContaining(['GET /account/', 'GET /bet/history', 'POST /transaction/cashout/:channel', 'GET /operator/:kind', 'GET /schedule']));
    expect(unavailable.length).toBeGreaterThanOrEqual(30);

    const signIn = await app.inject({ method: 'POST', url: '/player/login', payload: { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password } });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toEqual({ message: DATABASE_UNAVAILABLE_TEXT });

    // Alive, not ready — and why (no address: the check is public).
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    const ready = await app.inject({ url: READY_PATH });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', message: 'the database does not answer (ECONNREFUSED)' });

    await proxy.restore();
    expect((await app.inject({ url: READY_PATH })).json()).toEqual({ status: 'ready' });
    const account = await app.inject({ url: '/account/', headers: headers.player });
    expect(account.statusCode).toBe(200);
  }, 60_000);
});
