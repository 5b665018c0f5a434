import { TOKEN_ERROR_TEXT, defineEndpoint } from '@suwerte/contracts';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppContext } from '../app';
import { singleNode } from '../cluster/cluster';
import { DEFAULT_LOGIN_LIMITS, DEFAULT_UPLOADS_PER_IP } from '../config/env';
import type { AppContext } from '../context';
import { DEMO_OPERATOR, DEMO_PLAYER } from '../features/seed/seed';
import { TEST_SECRET, bearer, createTestApp, type TestApp } from '../testing/test-app';
import { PLAYERS_ONLY_TEXT, registerEndpoint } from './endpoints';
import { BODY_NOT_OBJECT_TEXT, HttpError, INTERNAL_ERROR_TEXT, NOT_FOUND_TEXT } from './errors';
import { createTokenService } from './tokens';

const broken = defineEndpoint({
  method: 'GET',
  path: '/test/broken',
  auth: 'public',
  summary: 'answers what its contract forbids',
  response: z.object({ count: z.number().int().min(0) }),
});

const create = defineEndpoint({
  method: 'POST',
  path: '/test/things/:kind',
  auth: 'player',
  summary: 'a player creates a thing',
  params: z.object({ kind: z.enum(['red', 'blue']) }),
  query: z.object({ tag: z.string().max(5, { error: 'Tag too long' }).optional() }),
  body: z.object({ name: z.string().trim().min(1, { error: 'Name is required' }), size: z.number().int().optional() }),
  response: z.object({ kind: z.string(), name: z.string(), owner: z.string(), tag: z.string().nullable() }),
  status: 201,
});

const backOffice = defineEndpoint({
  method: 'GET',
  path: '/test/back-office',
  auth: 'operator',
  summary: 'operators only',
  response: z.object({ operator: z.string() }),
});

/** The same endpoint answered later (a promise) and at once (a value): both are sent alike (docs/decisions/131). */
const later = defineEndpoint({
  method: 'GET',
  path: '/test/later/:kind',
  auth: 'public',
  summary: 'answers after a turn of the event loop',
  params: z.object({ kind: z.enum(['red', 'blue']) }),
  response: z.object({ count: z.number().int() }),
  status: 202,
});
const atOnce = defineEndpoint({ ...later, path: '/test/at-once/:kind', summary: 'answers at once' });

let t: TestApp;
let logged: string[];

beforeEach(async () => {
  logged = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    logger: { level: 'error', stream },
    extend(app, store) {
      const tokens = createTokenService({ secret: TEST_SECRET, ttlSeconds: 3600, now: () => new Date() });
      const ctx: AppContext = createAppContext({ mode: 'demo', store, cluster: singleNode(console), now: () => new Date(), tokens, publicUrl: 'http://api.test', demoSlate: false, corsOrigins: [], loginLimits: DEFAULT_LOGIN_LIMITS, uploadsPerIp: DEFAULT_UPLOADS_PER_IP, sessionIdleSeconds: 3_600 });
      registerEndpoint(app, ctx, broken, () => ({ count: -1 }));
      registerEndpoint(app, ctx, create, ({ params, query, body, user }) => ({ kind: params.kind, name: body.name, owner: user.username, tag: query.tag ?? null }));
      registerEndpoint(app, ctx, backOffice, ({ user }) => ({ operator: user.username }));
      registerEndpoint(app, ctx, later, async ({ params }) => {
        await new Promise((resolve) => setImmediate(resolve));
        if (params.kind === 'blue') throw new HttpError(409, 'Blue is taken');
        return { count: params.kind.length };
      });
      registerEndpoint(app, ctx, atOnce, ({ params }) => {
        if (params.kind === 'blue') throw new HttpError(409, 'Blue is taken');
        return { count: params.kind.length };
      });
    },
  });
});
afterEach(() => t.close());

const player = async () => bearer(await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password));
const operator = async () => bearer(await t.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password));

describe('routes registered from the endpoint table', () => {
  it('answer a response that breaks its contract with a 500, logged with the route', async () => {
    const response = await t.app.inject({ url: '/test/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: INTERNAL_ERROR_TEXT });
    const entry = logged.map((line) => JSON.parse(line) as { msg: string; route?: string }).find((line) => line.route);
    expect(entry).toMatchObject({ msg: 'answer breaks its endpoint contract', route: 'GET /test/broken' });
  });

  it('send the parsed input to the handler and answer with the endpoint’s status', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/things/red?tag=x', headers: await player(), payload: { name: '  Ball ' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ kind: 'red', name: 'Ball', owner: DEMO_PLAYER.username, tag: 'x' });
  });

  it('send an answer given at once and one given later alike: status, body, and a thrown error’s own answer', async () => {
    for (const path of ['/test/later', '/test/at-once']) {
      const red = await t.app.inject({ url: `${path}/red` });
      expect([red.statusCode, red.json()]).toEqual([202, { count: 3 }]);
      const blue = await t.app.inject({ url: `${path}/blue` });
      expect([blue.statusCode, blue.json()]).toEqual([409, { message: 'Blue is taken' }]);
    }
  });

  it('answer 400 with the first bad field’s own text', async () => {
    const headers = await player();
    const missing = await t.app.inject({ method: 'POST', url: '/test/things/red', headers, payload: { name: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Name is required', field: 'name' });
    const query = await t.app.inject({ method: 'POST', url: '/test/things/red?tag=toolong', headers, payload: { name: 'a' } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ message: 'Tag too long', field: 'tag' });
    for (const payload of ['[1]', '"text"', 'null']) {
      const notObject = await t.app.inject({ method: 'POST', url: '/test/things/red', headers: { ...headers, 'content-type': 'application/json' }, payload });
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json()).toEqual({ message: BODY_NOT_OBJECT_TEXT });
    }
  });

  it('answer 404 for a path parameter that names nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/things/green', headers: await player(), payload: { name: 'a' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: NOT_FOUND_TEXT });
  });

  it('check the token before anything else, and the role the endpoint names', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/test/things/green', payload: 'not json', headers: { 'content-type': 'application/json' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    const forged = await t.app.inject({ url: '/test/back-office', headers: bearer('a.b.c') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: TOKEN_ERROR_TEXT });

    const operatorOnPlayerRoute = await t.app.inject({ method: 'POST', url: '/test/things/red', headers: await operator(), payload: { name: 'a' } });
    expect(operatorOnPlayerRoute.statusCode).toBe(403);
    expect(operatorOnPlayerRoute.json()).toEqual({ message: PLAYERS_ONLY_TEXT });
    const playerOnOperatorRoute = await t.app.inject({ url: '/test/back-office', headers: await player() });
    expect(playerOnOperatorRoute.statusCode).toBe(403);
    expect(playerOnOperatorRoute.json()).toEqual({ message: 'Operators only' });
    const ok = await t.app.inject({ url: '/test/back-office', headers: await operator() });
    expect(ok.json()).toEqual({ operator: DEMO_OPERATOR.username });
  });
});
