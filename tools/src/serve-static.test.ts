import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, serveStatic, type StaticServer } from './serve-static';

let server: StaticServer;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'suwerte-static-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(path.join(root, 'main.0123456789.js'), 'console.info("hashed")'.repeat(20));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote;');
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  server = await serveStatic({ root, port: 0, spa: true, overrides: { '/remotes.json': '{"remotes":{}}' } });
});

afterAll(() => server.close());

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

  it('falls back to index.html for deep links but 404s missing files', async () => {
    const deep = await fetch(`${server.url}/members/profile`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>host</title>');
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
    // A path escaping the root never reads outside it (here it is just another deep link).
    expect(await (await fetch(`${server.url}/../../etc/passwd`)).text()).toContain('<title>host</title>');
  });

  it('gzips text when asked', async () => {
    const response = await fetch(`${server.url}/main.0123456789.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body transparently.
    expect(await response.text()).toBe('console.info("hashed")'.repeat(20));
  });

  it('classifies cache rules like the nginx images', () => {
    expect(cacheControlFor('/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/lotto/1.4.2/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/assets/poster.ab12cd34ef.svg')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/favicon.svg')).toBe('public, max-age=300');
  });
});
