import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../db/store';
import { DATABASE_UNAVAILABLE_TEXT } from '../../lib/errors';
import { appWithPlayer, type TestPlayer } from '../../testing/players';
import type { TestApp } from '../../testing/test-app';
import { READY_PATH, checkReadiness } from './feature';

// Issue 36, "honest health": GET /health says the process is alive; GET /health/ready proves the
// database takes a write, and says why not when it does not (read-only, full disk).

let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 500, per: 'file' }, (app, member) => {
  t = app;
  player = member;
});

const cashOut = () =>
  t.app.inject({
    method: 'POST',
    url: '/transaction/cashout/instapay',
    headers: player.headers,
    payload: { Amount: 50, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
  });

describe('GET /health and GET /health/ready', () => {
  it('alive: { status, leader }; ready: the database took a write just now', async () => {
    const alive = await t.app.inject({ url: '/health' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok', leader: false });
    const before = Date.now();
    const ready = await t.app.inject({ url: READY_PATH });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    const probe = await t.store.db.selectFrom('readiness_probe').selectAll().executeTakeFirstOrThrow();
    expect(Date.parse(probe.checked_at)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('not ready, saying why, while the database refuses writes; alive all the same, and writes answer 503', async () => {
    if (t.store.sqlite) {
      // SQLite refuses every write of this connection as it does a read-only file (SQLITE_READONLY).
      t.store.sqlite.pragma('query_only = ON');
      try {
        const ready = await t.app.inject({ url: READY_PATH });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'not ready', message: 'the database refuses writes: it is read-only (SQLITE_READONLY)' });
        expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
        // A money change cannot be written: 503 with a message, never a 500. Reads go on.
        const refused = await cashOut();
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({ message: DATABASE_UNAVAILABLE_TEXT });
        expect((await t.app.inject({ url: '/account/', headers: player.headers })).statusCode).toBe(200);
      } finally {
        t.store.sqlite.pragma('query_only = OFF');
      }
    } else {
      // A PostgreSQL that refuses writes (a standby, default_transaction_read_only): 25006.
      const location = new URL(t.location);
      location.searchParams.set('options', `${location.searchParams.get('options') ?? ''} -c default_transaction_read_only=on`);
      const readOnly = openPostgresStore(location.toString());
      try {
        expect(await checkReadiness(readOnly, 'test')).toEqual({ ready: false, reason: 'the database refuses writes: it is read-only (25006)' });
      } finally {
        await readOnly.close();
      }
    }
    expect((await t.app.inject({ url: READY_PATH })).statusCode).toBe(200);
    expect((await cashOut()).statusCode).toBe(201);
  });

  it('not ready when the disk of the SQLite folder is (nearly) full', async () => {
    // The free space is the disk's own (statfs); the test asks for more than any disk has.
    const readiness = await checkReadiness(t.store, 'test', { minFreeBytes: Number.MAX_SAFE_INTEGER });
    if (t.store.sqlite) {
      expect(readiness).toEqual({ ready: false, reason: expect.stringMatching(/^the disk of the data folder is full: \d+ MB free, \d+ MB needed$/) });
    } else {
      // PostgreSQL keeps its own disk and reports it full itself (53100): nothing of ours to check.
      expect(readiness).toEqual({ ready: true });
    }
  });
});
