import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('external game site stand-in', () => {
  it('shows the game and every parameter for a valid player token', async () => {
    const token = await t.login('demoplayer', 'suwerte123');
    const response = await t.app.inject({ url: `/games/pick3?accesstoken=${encodeURIComponent(token)}&type=42` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Pick 3</h1>');
    expect(response.body).toContain('playing as <strong>demoplayer</strong>');
    expect(response.body).toContain('<dd data-param="type">42</dd>');
  });

  it('refuses a missing or forged token and escapes what it echoes', async () => {
    const response = await t.app.inject({ url: '/games/ez2?accesstoken=nope&type=%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Invalid or expired access token');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&lt;script&gt;');
  });

  it('answers 404 for an unknown game', async () => {
    expect((await t.app.inject({ url: '/games/roulette?accesstoken=x' })).statusCode).toBe(404);
  });
});
