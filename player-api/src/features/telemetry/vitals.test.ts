import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { openTestStore, TEST_ENGINE } from '../../testing/test-store';
import { DEFAULT_REPORTS_PER_MINUTE, TOO_MANY_VITALS_TEXT, telemetryFeature } from './feature';
import { RETENTION_DAYS } from './remote-errors';
import { recordVital, summarizeVitals } from './vitals';

const SAMPLE = { remote: 'lotto', release: '1.1.0', canary: true, route: '/Lotto', metric: 'LCP', value: 2310 } as const;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const report = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/telemetry/vitals', payload: payload as object, remoteAddress });

describe('POST /telemetry/vitals', () => {
  it('keeps a page load’s measurement, with no personal data, and gives operators p75 and samples per release', async () => {
    // The canary's LCP: 1,000 … 4,000 ms; its INP and CLS; the pinned release's LCP.
    for (const value of [4000, 1000, 3000, 2000]) expect((await report({ ...SAMPLE, value })).statusCode).toBe(202);
    expect((await report({ ...SAMPLE, metric: 'INP', value: 184 })).statusCode).toBe(202);
    expect((await report({ ...SAMPLE, metric: 'CLS', value: 512 })).statusCode).toBe(202);
    expect((await report({ ...SAMPLE, release: '1.0.0', canary: false, value: 1800 })).statusCode).toBe(202);
    expect((await report({ ...SAMPLE, remote: 'sports', route: '/Sports', value: 900 })).statusCode).toBe(202);

    // The columns kept (no address, no user, no token, no URL): the same on either engine.
    const columnsQuery =
      t.store.engine === 'postgres'
        ? sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'vitals' ORDER BY ordinal_position`
        : sql<{ name: string }>`SELECT name FROM pragma_table_info('vitals')`;
    expect((await columnsQuery.execute(t.store.db)).rows.map((row) => row.name)).toEqual(['id', 'remote', 'release', 'metric', 'value', 'route', 'canary', 'created_at']);

    const operator = await t.login('operator1', 'operator123');
    const summary = await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals?hours=1&remote=lotto', headers: bearer(operator) });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual([
      { remote: 'lotto', release: '1.0.0', metric: 'LCP', samples: 1, p75: 1800 },
      { remote: 'lotto', release: '1.1.0', metric: 'LCP', samples: 4, p75: 3000 },
      { remote: 'lotto', release: '1.1.0', metric: 'INP', samples: 1, p75: 184 },
      { remote: 'lotto', release: '1.1.0', metric: 'CLS', samples: 1, p75: 512 },
    ]);
    const all = await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals', headers: bearer(operator) });
    expect(all.json()).toContainEqual({ remote: 'sports', release: '1.1.0', metric: 'LCP', samples: 1, p75: 900 });
    const karera = await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals?remote=karera', headers: bearer(operator) });
    expect(karera.json()).toEqual([]);
  });

  it('counts only the window asked for, and forgets measurements past the retention', async () => {
    await report({ ...SAMPLE, value: 9000 });
    t.clock.advanceSeconds(2 * 3600);
    await report({ ...SAMPLE, value: 1200 });
    const operator = await t.login('operator1', 'operator123');
    const lastHour = await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals?hours=1', headers: bearer(operator) });
    expect(lastHour.json()).toEqual([{ remote: 'lotto', release: '1.1.0', metric: 'LCP', samples: 1, p75: 1200 }]);
    t.clock.advanceSeconds((RETENTION_DAYS + 1) * 86_400);
    await report({ ...SAMPLE, release: '1.2.0' });
    expect(await t.store.db.selectFrom('vitals').select('release').execute()).toEqual([{ release: '1.2.0' }]);
  });

  it('refuses anything but one valid measurement with a 400 {message}, never a 5xx', async () => {
    const bad: unknown[] = [
      {},
      { ...SAMPLE, metric: 'FID' },
      { ...SAMPLE, metric: 'lcp' },
      { ...SAMPLE, value: -5 },
      { ...SAMPLE, value: 120_001 },
      { ...SAMPLE, metric: 'INP', value: 60_001 },
      { ...SAMPLE, metric: 'CLS', value: 1_000_001 },
      { ...SAMPLE, metric: 'CLS', value: 0.05 },
      { ...SAMPLE, value: 2310.5 },
      { ...SAMPLE, value: '2310' },
      { ...SAMPLE, value: null },
      { ...SAMPLE, value: Number.POSITIVE_INFINITY },
      { ...SAMPLE, release: '../../etc' },
      { ...SAMPLE, remote: 'Lotto Team' },
      { ...SAMPLE, route: '/Lotto?token=abc' },
      { ...SAMPLE, route: '/members/withdraw/123' },
      { ...SAMPLE, user: 'demoplayer' },
      { ...SAMPLE, url: 'https://suwerte.ph/Lotto' },
      { ...SAMPLE, canary: 'yes' },
      { ...SAMPLE, __proto__: { metric: 'LCP' }, metric: undefined },
      [SAMPLE],
    ];
    for (const payload of bad) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    const broken = await t.app.inject({ method: 'POST', url: '/telemetry/vitals', headers: { 'content-type': 'application/json' }, payload: '{"metric":' });
    expect(broken.statusCode).toBe(400);
    const nan = await t.app.inject({ method: 'POST', url: '/telemetry/vitals', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(SAMPLE).replace('2310', 'NaN') });
    expect(nan.statusCode).toBe(400);
    const huge = await report({ ...SAMPLE, route: `/${'x'.repeat(10_000)}` });
    expect(huge.statusCode).toBe(413);
    expect(await t.store.db.selectFrom('vitals').select('id').execute()).toEqual([]);
  });

  it('limits how many measurements one address sends per minute, apart from the error reports', async () => {
    for (let index = 0; index < DEFAULT_REPORTS_PER_MINUTE; index += 1) expect((await report(SAMPLE)).statusCode).toBe(202);
    const limited = await report(SAMPLE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_VITALS_TEXT });
    // Another address, and this address's error reports, are not limited by it.
    expect((await report(SAMPLE, '203.0.113.7')).statusCode).toBe(202);
    const error = await t.app.inject({ method: 'POST', url: '/telemetry/remote-errors', payload: { remote: 'lotto', release: '1.1.0', kind: 'load', message: 'ChunkLoadError', route: '/Lotto' } });
    expect(error.statusCode).toBe(202);
  });

  it('shows the figures to operators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals' })).statusCode).toBe(401);
    const player = await t.login('demoplayer', 'suwerte123');
    expect((await t.app.inject({ method: 'GET', url: '/operator/telemetry/vitals', headers: bearer(player) })).statusCode).toBe(403);
    const operator = await t.login('operator1', 'operator123');
    for (const query of ['hours=0', 'hours=9999', 'remote=../x', 'hours=abc']) {
      const refused = await t.app.inject({ method: 'GET', url: `/operator/telemetry/vitals?${query}`, headers: bearer(operator) });
      expect(refused.statusCode, query).toBe(400);
    }
  });
});

describe(`vitals on ${TEST_ENGINE}`, () => {
  it('gives samples and p75 per remote, release and metric, in that order', async () => {
    const t = await openTestStore([telemetryFeature]);
    try {
      const q = t.store.db;
      const at = new Date('2026-05-01T08:00:00.000Z');
      // 1.10.0 sorts after 1.9.0 (by number, not by text).
      for (const value of [100, 200, 300, 400, 500, 600, 700, 800]) await recordVital(q, { ...SAMPLE, release: '1.10.0', metric: 'INP', value }, at);
      await recordVital(q, { ...SAMPLE, release: '1.9.0', metric: 'CLS', value: 2500 }, at);
      await recordVital(q, { ...SAMPLE, release: '1.9.0', metric: 'LCP', value: 2222 }, at);
      await recordVital(q, { ...SAMPLE, remote: 'karera', metric: 'LCP', value: 10 }, at);
      expect(await summarizeVitals(q, new Date(at.getTime() - 1000))).toEqual([
        { remote: 'karera', release: '1.1.0', metric: 'LCP', samples: 1, p75: 10 },
        { remote: 'lotto', release: '1.9.0', metric: 'LCP', samples: 1, p75: 2222 },
        { remote: 'lotto', release: '1.9.0', metric: 'CLS', samples: 1, p75: 2500 },
        { remote: 'lotto', release: '1.10.0', metric: 'INP', samples: 8, p75: 600 },
      ]);
      expect(await summarizeVitals(q, new Date(at.getTime() + 1000))).toEqual([]);
      expect(await summarizeVitals(q, at, 'karera')).toEqual([{ remote: 'karera', release: '1.1.0', metric: 'LCP', samples: 1, p75: 10 }]);
    } finally {
      await t.close();
    }
  });
});
