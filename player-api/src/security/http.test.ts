import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { connect as connectTcp } from 'node:net';
import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS_OPTIONS, UTF8_ONLY_TEXT } from '../app';
import { newPlayer, type TestPlayer } from '../testing/players';
import { createTestApp, ticketFor, type TestApp } from '../testing/test-app';
import { uploadProof } from '../testing/uploads';

// Issue 9, item 10: nosniff and security headers, no-store on private answers, CORS from an
// allow-list, request and body timeouts, UTF-8 only. (SQLite's synchronous = FULL: http.sqlite.test.ts.)

let t: TestApp;
let player: TestPlayer;
let url: string;
const SITE = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ timeouts: { headersMs: 400, requestMs: 600 } });
  player = await newPlayer(t, 10, 'http');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('security headers', () => {
  it('every answer — success, refusal, not found — is nosniff, frame-less and no page', async () => {
    const answers = [
      await t.app.inject({ url: '/account/', headers: player.headers }),
      await t.app.inject({ url: '/account/' }),
      await t.app.inject({ url: '/no/such/route' }),
      await t.app.inject({ url: '/jackpot' }),
      await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: 'x' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("are exactly @fastify/helmet's with the API's options (worked out once, set on every answer)", async () => {
    const reference = Fastify({ logger: false });
    await reference.register(helmet, SECURITY_HEADERS_OPTIONS);
    reference.get('/', async () => ({}));
    const expected = Object.entries((await reference.inject({ url: '/' })).headers).filter(([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name));
    await reference.close();
    expect(expected.length).toBeGreaterThan(5);
    const answers = [
      await t.app.inject({ url: '/schedule' }),
      await t.app.inject({ url: '/account/' }),
      await t.app.inject({ url: '/no/such/route' }),
      await t.app.inject({ url: '/a%00b' }),
      await t.app.inject({ method: 'POST', url: '/player/login', headers: { 'content-type': 'application/json; charset=latin1' }, payload: '{}' }),
    ];
    for (const answer of answers) {
      for (const [name, value] of expected) expect(answer.headers[name], name).toBe(value);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('private answers are never stored by a cache (sign-in tokens included)', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: player.username, password: 'secret123' } });
    expect(login.headers['cache-control']).toBe('no-store');
    for (const path of ['/account/', '/deposit/history', '/withdraw/history', '/bet/history', '/transact/history', '/mop']) {
      const answer = await t.app.inject({ url: path, headers: player.headers });
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    const proof = await t.app.inject({ url: new URL(await uploadProof(t, player.headers)).pathname, headers: player.headers });
    expect(proof.headers['cache-control']).toBe('private, no-store');
    // The receiving accounts' QR images are public and may be cached.
    expect((await t.app.inject({ url: '/payment-options/gcash.png' })).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('CORS', () => {
  it('answers a listed origin exactly, and no other — not any origin, not null', async () => {
    const listed = await t.app.inject({ url: '/jackpot', headers: { origin: SITE } });
    expect(listed.headers['access-control-allow-origin']).toBe(SITE);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:30001']) {
      const answer = await t.app.inject({ url: '/jackpot', headers: { origin } });
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/account/', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it("the socket server's long-polling answers follow the same list", async () => {
    const handshake = (origin: string) => fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    expect((await handshake(SITE)).headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await handshake('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('charsets', () => {
  it.each(['application/json; charset=latin1', 'application/json; charset=ISO-8859-1', 'application/json;charset="utf-16"', 'text/plain; charset=windows-1252'])(
    'refuses a body in %s with 415 { message }',
    async (contentType) => {
      const response = await t.app.inject({ method: 'POST', url: '/player/login', headers: { 'content-type': contentType }, payload: '{"username":"x","password":"y"}' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: UTF8_ONLY_TEXT });
    },
  );

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json; charset=utf8'])('reads %s', async (contentType) => {
    const response = await t.app.inject({ method: 'POST', url: '/player/login', headers: { 'content-type': contentType }, payload: JSON.stringify({ username: player.username, password: 'secret123' }) });
    expect(response.statusCode).toBe(200);
  });
});

/** Opens a connection, writes `first`, then nothing more; resolves with what the server said and when it hung up. */
function stall(first: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const { port } = new URL(url);
    const socket = connectTcp(Number(port), '127.0.0.1', () => socket.write(first));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 8 s: ${text}`));
    }, 8_000);
  });
}

describe('timeouts', () => {
  it('closes a connection whose headers never finish', async () => {
    const { text, ms } = await stall('GET /jackpot HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(4_000);
  });

  it('closes a connection whose body never finishes', async () => {
    const { text, ms } = await stall('POST /player/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":');
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(4_000);
  });

  it('keeps an idle Video Karera socket open well past the request timeout', async () => {
    const ticket = await ticketFor(t.app, player.headers.authorization.replace('Bearer ', ''));
    const socket = connectSocket(url, { query: { username: player.username, accesstoken: ticket }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});
