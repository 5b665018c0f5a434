import { JackpotListSchema } from '@suwerte/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './cluster/testing';
import { HttpError } from './lib/errors';
import { createTestApp, type TestApp } from './testing/test-app';

const logs: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    extend(app) {
      app.get('/test/boom', async () => {
        throw new Error('secret detail: /srv/suwerte/db.sqlite password=hunter2');
      });
      app.get('/test/sql', async () => {
        await sql`SELECT * FROM no_such_table`.execute(t.store.db);
      });
      app.get('/test/http-error', async () => {
        throw new HttpError(503, 'Lotto draws are paused');
      });
      app.get('/test/throw-string', async () => {
        throw 'a bare string';
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /health', () => {
  it("answers { status: 'ok', leader } — a node leads the timed work once it listens", async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    // Not listening (inject only): no election yet, no timed work here.
    expect(response.json()).toEqual({ status: 'ok', leader: false });
    const listening = await createTestApp();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      await waitFor('the node to lead', async () => (await listening.app.inject({ url: '/health' })).json<{ leader: boolean }>().leader);
    } finally {
      await listening.close();
    }
  });
});

describe('GET /jackpot', () => {
  it('answers a list of { Minor, Major, Grand } in pesos, without auth', async () => {
    const response = await t.app.inject({ url: '/jackpot' });
    expect(response.statusCode).toBe(200);
    const list = JackpotListSchema.parse(response.json());
    expect(list).toEqual([{ Minor: 25_000.5, Major: 150_000.75, Grand: 1_000_000.25 }]);
    expect(Object.keys(list[0] ?? {})).toEqual(['Minor', 'Major', 'Grand']);
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin with the allowed methods and headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/account/update',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('adds the origin header to normal answers for a listed origin only', async () => {
    const response = await t.app.inject({ url: '/jackpot', headers: { origin: 'http://localhost:3002' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    for (const origin of ['https://evil.example', 'null']) {
      const stranger = await t.app.inject({ url: '/jackpot', headers: { origin } });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('errors', () => {
  it("answers 404 { message: 'Not found' } for unknown paths", async () => {
    const response = await t.app.inject({ url: '/no/such/path' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/jackpot' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ message: 'Not found' });
  });

  it.each(['/test/boom', '/test/sql', '/test/throw-string'])('answers %s with a bare 500, no stack or detail, and logs it', async (url) => {
    logs.length = 0;
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expect(response.body).not.toMatch(/stack|secret|hunter2|no_such_table|\.ts|at /);
    expect(logs.join('\n')).toMatch(/unhandled error/);
  });

  it('passes an HttpError through with its own status and text', async () => {
    const response = await t.app.inject({ url: '/test/http-error' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Lotto draws are paused' });
  });

  it('logs the real error server-side', async () => {
    logs.length = 0;
    await t.app.inject({ url: '/test/boom' });
    expect(logs.join('\n')).toContain('secret detail');
  });

  it('answers 413 with a message for an oversized body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/player/login',
      payload: { username: 'x', password: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });
});
