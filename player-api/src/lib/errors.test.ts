import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { DATABASE_UNAVAILABLE_TEXT, INTERNAL_ERROR_TEXT, UNSTORABLE_TEXT, installErrorHandling } from './errors';

describe('the error handler', () => {
  it('answers 400 for a text PostgreSQL cannot store (NUL, not UTF-8), 503 for a database that went away, 500 for other database failures', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/nul', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    app.get('/untranslatable', async () => {
      throw Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    });
    app.get('/gone', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/broken', async () => {
      throw Object.assign(new Error('relation "bets" does not exist'), { code: '42P01' });
    });
    for (const url of ['/nul', '/untranslatable']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: UNSTORABLE_TEXT });
    }
    // The server shutting down is the database's state, not a bug (docs/decisions/180).
    const gone = await app.inject({ url: '/gone' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ message: DATABASE_UNAVAILABLE_TEXT });
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ message: INTERNAL_ERROR_TEXT });
    await app.close();
  });

  it('refuses a NUL in the path before any handler, on either engine', async () => {
    const t = await createTestApp();
    try {
      const login = await t.login('demoplayer', 'suwerte123');
      for (const url of ['/lotto/results/%00', '/sports/games/%00abc', '/player/bets/x%00y']) {
        const answer = await t.app.inject({ url, headers: { authorization: `Bearer ${login}` } });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ message: UNSTORABLE_TEXT });
      }
    } finally {
      await t.close();
    }
  });
});
