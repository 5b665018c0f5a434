import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

const big = { rows: Array.from({ length: 200 }, (_, index) => ({ id: index, name: 'Ginebra vs. Magnolia', status: 'open' })) };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/test/big', async () => big);
      app.post('/test/big', async () => big);
      app.get('/test/small', async () => ({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('compressed answers', () => {
  it('sends a read’s answer brotli-compressed to a browser that accepts it, and says it varies', async () => {
    const response = await t.app.inject({ url: '/test/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 5);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('gzip to one that accepts only gzip, and as it is to one that accepts neither', async () => {
    const gzip = await t.app.inject({ url: '/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(big);
    const plain = await t.app.inject({ url: '/test/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    // Nonsense or nothing acceptable: the answer as it is, never an error.
    for (const header of ['compress;q=abc, *;q=0', 'zstd, deflate;q=0', ';;;']) {
      const odd = await t.app.inject({ url: '/test/big', headers: { 'accept-encoding': header } });
      expect(odd.statusCode, header).toBe(200);
      expect(odd.json(), header).toEqual(big);
    }
  });

  it('leaves small answers and the answers of changes (a sign-in’s token, a bet’s balance) as they are', async () => {
    const small = await t.app.inject({ url: '/test/small', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const change = await t.app.inject({ method: 'POST', url: '/test/big', headers: { 'accept-encoding': 'br' } });
    expect(change.headers['content-encoding']).toBeUndefined();
    expect(change.json()).toEqual(big);
  });

  it('never inflates a compressed request body: it is read as sent, and refused', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/big', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync('{"amount":1}') });
    expect(response.statusCode).toBe(400);
  });
});
