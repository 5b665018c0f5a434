import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { openTestStore, TEST_ENGINE } from '../../testing/test-store';
import { DEFAULT_REPORTS_PER_MINUTE, TOO_MANY_REPORTS_TEXT, loadReportsPerMinute, telemetryFeature } from './feature';
import { RETENTION_DAYS, countRemoteErrors, recordRemoteError } from './remote-errors';

const REPORT = {
  remote: 'lotto',
  release: '1.1.0',
  kind: 'load',
  message: 'ChunkLoadError: Loading chunk 88 failed.',
  route: '/Lotto',
  canary: true,
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const report = (payload: unknown) => t.app.inject({ method: 'POST', url: '/telemetry/remote-errors', payload: payload as object });

describe('POST /telemetry/remote-errors', () => {
  it('keeps a report, with no personal data, and counts it per release for operators', async () => {
    expect((await report(REPORT)).statusCode).toBe(202);
    expect((await report({ ...REPORT, release: '1.0.0', canary: false, kind: 'render' })).statusCode).toBe(202);
    expect((await report(REPORT)).statusCode).toBe(202);
    // The columns kept (no address, no user, no token): the same on either engine.
    const columnsQuery =
      t.store.engine === 'postgres'
        ? sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'remote_errors' ORDER BY ordinal_position`
        : sql<{ name: string }>`SELECT name FROM pragma_table_info('remote_errors')`;
    const columns = (await columnsQuery.execute(t.store.db)).rows.map((row) => row.name);
    expect(columns).toEqual(['id', 'remote', 'release', 'kind', 'message', 'route', 'canary', 'created_at']);

    const operator = await t.login('operator1', 'operator123');
    const counts = await t.app.inject({ method: 'GET', url: '/operator/telemetry/remote-errors?hours=1', headers: bearer(operator) });
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual([
      { remote: 'lotto', release: '1.1.0', kind: 'load', count: 2, lastAt: expect.any(String) },
      { remote: 'lotto', release: '1.0.0', kind: 'render', count: 1, lastAt: expect.any(String) },
    ]);
    const sports = await t.app.inject({ method: 'GET', url: '/operator/telemetry/remote-errors?remote=sports', headers: bearer(operator) });
    expect(sports.json()).toEqual([]);
  });

  it('forgets reports past the retention', async () => {
    await report(REPORT);
    t.clock.advanceSeconds((RETENTION_DAYS + 1) * 86_400);
    await report({ ...REPORT, release: '1.2.0' });
    expect(await t.store.db.selectFrom('remote_errors').select('release').execute()).toEqual([{ release: '1.2.0' }]);
  });

  it('refuses anything but a valid report with a 400 {message}, never a 5xx', async () => {
    const bad: unknown[] = [
      {},
      { ...REPORT, kind: 'crash' },
      { ...REPORT, release: '../../etc' },
      { ...REPORT, release: 'x'.repeat(100) },
      { ...REPORT, remote: 'Lotto Team' },
      { ...REPORT, route: '/Lotto?token=abc' },
      { ...REPORT, message: 'x'.repeat(301) },
      { ...REPORT, user: 'demoplayer' },
      { ...REPORT, canary: 'yes' },
      { ...REPORT, __proto__: { kind: 'load' }, kind: undefined },
      [REPORT],
    ];
    for (const payload of bad) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    const broken = await t.app.inject({ method: 'POST', url: '/telemetry/remote-errors', headers: { 'content-type': 'application/json' }, payload: '{"remote":' });
    expect(broken.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/telemetry/remote-errors', headers: { 'content-type': 'text/plain' }, payload: 'lotto' });
    expect([400, 415]).toContain(text.statusCode);
    const huge = await report({ ...REPORT, message: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
    expect(await t.store.db.selectFrom('remote_errors').select('id').execute()).toEqual([]);
  });

  it('limits how many reports one address sends per minute', async () => {
    for (let index = 0; index < DEFAULT_REPORTS_PER_MINUTE; index += 1) expect((await report(REPORT)).statusCode).toBe(202);
    const limited = await report(REPORT);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_REPORTS_TEXT });
    // Other routes are not limited by it.
    expect((await t.app.inject({ method: 'GET', url: '/jackpot' })).statusCode).toBe(200);
  });

  it('shows the counts to operators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/operator/telemetry/remote-errors' })).statusCode).toBe(401);
    const player = await t.login('demoplayer', 'suwerte123');
    const refused = await t.app.inject({ method: 'GET', url: '/operator/telemetry/remote-errors', headers: bearer(player) });
    expect(refused.statusCode).toBe(403);
    const operator = await t.login('operator1', 'operator123');
    const badQuery = await t.app.inject({ method: 'GET', url: '/operator/telemetry/remote-errors?hours=0', headers: bearer(operator) });
    expect(badQuery.statusCode).toBe(400);
  });
});

describe('TELEMETRY_REPORTS_PER_MINUTE', () => {
  it('defaults to 60 and refuses nonsense', () => {
    expect(loadReportsPerMinute({})).toBe(60);
    expect(loadReportsPerMinute({ TELEMETRY_REPORTS_PER_MINUTE: '' })).toBe(60);
    expect(loadReportsPerMinute({ TELEMETRY_REPORTS_PER_MINUTE: '600' })).toBe(600);
    expect(() => loadReportsPerMinute({ TELEMETRY_REPORTS_PER_MINUTE: 'lots' })).toThrow(/TELEMETRY_REPORTS_PER_MINUTE/);
    expect(() => loadReportsPerMinute({ TELEMETRY_REPORTS_PER_MINUTE: '0' })).toThrow(/TELEMETRY_REPORTS_PER_MINUTE/);
  });
});

describe(`remote error reports on ${TEST_ENGINE}`, () => {
  it('counts per remote, release and kind, most frequent first, and forgets old reports', async () => {
    const t = await openTestStore([telemetryFeature]);
    try {
      const q = t.store.db;
      const start = new Date('2026-05-01T08:00:00.000Z');
      await recordRemoteError(q, { ...REPORT, kind: 'load' } as never, start);
      const later = new Date(start.getTime() + (RETENTION_DAYS + 1) * 86_400_000);
      await recordRemoteError(q, { ...REPORT, kind: 'render' } as never, later);
      await recordRemoteError(q, { ...REPORT, kind: 'render' } as never, later);
      await recordRemoteError(q, { ...REPORT, remote: 'sports', kind: 'load' } as never, later);
      const since = new Date(later.getTime() - 3_600_000);
      expect(await countRemoteErrors(q, since)).toEqual([
        { remote: 'lotto', release: '1.1.0', kind: 'render', count: 2, lastAt: later.toISOString() },
        { remote: 'sports', release: '1.1.0', kind: 'load', count: 1, lastAt: later.toISOString() },
      ]);
      expect(await countRemoteErrors(q, start, 'sports')).toEqual([{ remote: 'sports', release: '1.1.0', kind: 'load', count: 1, lastAt: later.toISOString() }]);
      expect(await q.selectFrom('remote_errors').select('id').execute()).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
