import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { get } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, serveStatic, type StaticServer } from './serve-static';

const CHUNK = 'export const chunk = "precompressed";\n'.repeat(30);

let server: StaticServer;
let remote: StaticServer;

/** A generated file over nginx's gzip_min_length (256 bytes). */
const GENERATED_CONFIG = { api: Object.fromEntries(['production', 'staging', 'development', 'demo'].map((site) => [site, `http://localhost:4000/${site}/api/v1/`])), remotes: ['members', 'lotto', 'sports', 'karera'] };

beforeAll(async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'suwerte-static-'));
  const root = path.join(parent, 'site');
  mkdirSync(root);
  // A sibling folder whose name starts like the served one: a prefix check on paths would let it through.
  mkdirSync(path.join(parent, 'site-secret'));
  writeFileSync(path.join(parent, 'site-secret', 'file'), 'SECRET');
  writeFileSync(path.join(parent, 'site-secret', 'file.txt'), 'SECRET');
  writeFileSync(path.join(root, '.env'), 'JWT_SECRET=x');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(path.join(root, 'main.0123456789.js'), 'console.info("hashed")'.repeat(20));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote;');
  // A chunk with its precompressed twins, as production builds write them (tools/rspack/precompress.mjs).
  writeFileSync(path.join(root, 'chunk.89abcdef.js'), CHUNK);
  writeFileSync(path.join(root, 'chunk.89abcdef.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(root, 'chunk.89abcdef.js.gz'), gzipSync(CHUNK));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  server = await serveStatic({ root, port: 0, spa: true, overrides: { '/remotes.json': '{"remotes":{}}', '/config.json': JSON.stringify(GENERATED_CONFIG) } });
  remote = await serveStatic({ root, port: 0 });
});

afterAll(async () => {
  await server.close();
  await remote.close();
});

/** The body as sent (no decoding) and the headers, for a request taking `encoding`. */
function rawBytes(url: string, encoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A raw request line, exactly as written (fetch would normalise the path first). */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    socket.on('error', reject);
  });
}

describe('static server', () => {
  it('serves hashed files as immutable and entry files as no-cache, with CORS', async () => {
    const hashed = await fetch(`${server.url}/main.0123456789.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('access-control-allow-origin')).toBe('*');
    const entry = await fetch(`${server.url}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const registry = await fetch(`${server.url}/remotes.json`);
    expect(registry.headers.get('cache-control')).toBe('no-cache');
    expect(await registry.json()).toEqual({ remotes: {} });
  });

  it('compresses a generated file as nginx does, from 256 bytes', async () => {
    const { headers, body } = await rawBytes(`${server.url}/config.json`, 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(GENERATED_CONFIG);
    // Under 256 bytes it goes as it is.
    expect((await rawBytes(`${server.url}/remotes.json`, 'gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('falls back to index.html for deep links but 404s missing files', async () => {
    const deep = await fetch(`${server.url}/members/profile`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>host</title>');
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
    // A path escaping the root never reads outside it (here it is just another deep link).
    expect(await (await fetch(`${server.url}/../../etc/passwd`)).text()).toContain('<title>host</title>');
  });

  it.each([
    '/..%2fsite-secret/file',
    '/..%2Fsite-secret/file.txt',
    '/..%5csite-secret/file.txt',
    '/%2e%2e/site-secret/file.txt',
    '/../site-secret/file.txt',
    '/assets/..%2f..%2f..%2fsite-secret/file.txt',
  ])('never serves a file outside its folder: %s', async (target) => {
    for (const port of [server.port, remote.port]) {
      const answer = await rawGet(port, target);
      expect(answer.body).not.toContain('SECRET');
      expect([200, 400, 404]).toContain(answer.status);
    }
  });

  it('answers a broken escape (/%E0%A4%A) without crashing, and keeps serving', async () => {
    for (const port of [server.port, remote.port]) {
      const answer = await rawGet(port, '/%E0%A4%A');
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      expect((await rawGet(port, '/%E0%A4%A.js')).status).toBeLessThan(500);
      expect((await fetch(`http://localhost:${port}/remoteEntry.js`)).status).toBe(200);
    }
  });

  it('never serves dot files', async () => {
    expect((await fetch(`${remote.url}/.env`)).status).toBe(404);
    expect((await fetch(`${server.url}/.env`)).status).toBe(404);
  });

  it('answers deep links with index.html as no-cache, and only GET/HEAD', async () => {
    const deep = await fetch(`${server.url}/members/profile`);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${remote.url}/members/profile`)).status).toBe(404);
    expect((await fetch(`${server.url}/remoteEntry.js`, { method: 'POST' })).status).toBe(405);
    const preflight = await fetch(`${remote.url}/remoteEntry.js`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('gzips text when asked', async () => {
    const response = await fetch(`${server.url}/main.0123456789.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body transparently.
    expect(await response.text()).toBe('console.info("hashed")'.repeat(20));
  });

  it("serves a build's precompressed twin as it is, by what the browser takes", async () => {
    const url = `${server.url}/chunk.89abcdef.js`;
    const brotli = await rawBytes(url, 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('text/javascript');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The twin's own bytes (not compressed again on the fly), which decode to the file.
    expect(brotli.body.equals(brotliCompressSync(CHUNK))).toBe(true);
    const gzip = await rawBytes(url, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(gzipSync(CHUNK))).toBe(true);
    const plain = await rawBytes(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
  });

  it("answers the host's deep links with app.html when the build has one, and / with index.html (docs/decisions/236)", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'suwerte-static-app-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>visitor</title>');
    writeFileSync(path.join(root, 'app.html'), '<!doctype html><title>deep link</title>');
    const host = await serveStatic({ root, port: 0, spa: true });
    try {
      expect(await (await fetch(`${host.url}/`)).text()).toContain('<title>visitor</title>');
      const deep = await fetch(`${host.url}/members/deposit`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<title>deep link</title>');
      expect(deep.headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${host.url}/app.html`)).headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${host.url}/missing.js`)).status).toBe(404);
    } finally {
      await host.close();
    }
  });

  it('classifies cache rules like the nginx images', () => {
    expect(cacheControlFor('/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/lotto/1.4.2/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/app.html')).toBe('no-cache');
    expect(cacheControlFor('/assets/poster.ab12cd34ef.svg')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/favicon.svg')).toBe('public, max-age=300');
  });
});
