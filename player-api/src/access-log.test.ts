import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_ANSWER_MS, accessLogHook, isRoutineRead } from './lib/access-log';
import { REDACTED } from './lib/log-redaction';
import { createTestApp, type TestApp } from './testing/test-app';

// docs/decisions/093: one access line per request, written with the answer, tokens redacted.
const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } } });
});
afterAll(async () => {
  await t.close();
});

describe('the access log', () => {
  it('writes one line per request: method, redacted address, status and time', async () => {
    lines.length = 0;
    const response = await t.app.inject({ url: '/health?accesstoken=eyJ.secret.part' });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: `/health?accesstoken=${REDACTED}` }, res: { statusCode: 200 } });
    expect(typeof line?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs answers that failed as well, with their status', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/no/such/route' });
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([expect.objectContaining({ res: { statusCode: 404 } })]);
  });
});

describe('the access log with routine reads sampled', () => {
  const sampledLines: Record<string, unknown>[] = [];
  let sampled: TestApp;

  beforeAll(async () => {
    sampled = await createTestApp({
      accessLogReadSample: 3,
      logger: { level: 'info', stream: { write: (line: string) => void sampledLines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
  });
  afterAll(async () => {
    await sampled.close();
  });

  it('writes one routine read in three, each saying so; every write and every refusal always', async () => {
    sampledLines.length = 0;
    for (let i = 0; i < 6; i += 1) await sampled.app.inject({ url: '/health' });
    await sampled.app.inject({ url: '/no/such/route' });
    await sampled.app.inject({ method: 'POST', url: '/player/login', payload: { username: 'nobody', password: 'wrong-password' } });
    const written = sampledLines.filter((line) => line.msg === 'request completed');
    expect(written.map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode, line.sampled])).toEqual([
      ['/health', 200, 3],
      ['/health', 200, 3],
      ['/no/such/route', 404, undefined],
      ['/player/login', 401, undefined],
    ]);
  });

  it('counts as routine only successful GET and HEAD answers within a second', () => {
    expect(isRoutineRead('GET', 200, 5)).toBe(true);
    expect(isRoutineRead('HEAD', 304, 5)).toBe(true);
    expect(isRoutineRead('POST', 200, 5)).toBe(false);
    expect(isRoutineRead('GET', 404, 5)).toBe(false);
    expect(isRoutineRead('GET', 200, SLOW_ANSWER_MS)).toBe(false);
  });

  it('writes no access line below info, and still logs what its level asks for', async () => {
    const warned: Record<string, unknown>[] = [];
    const quiet = await createTestApp({ logger: { level: 'warn', stream: { write: (line: string) => void warned.push(JSON.parse(line) as Record<string, unknown>) } }, accessLogReadSample: 1 });
    try {
      expect((await quiet.app.inject({ url: '/health' })).statusCode).toBe(200);
      expect((await quiet.app.inject({ method: 'POST', url: '/player/login', payload: { username: 'nobody', password: 'wrong-password' } })).statusCode).toBe(401);
      expect(warned.filter((line) => line.msg === 'request completed')).toEqual([]);
      quiet.app.log.warn('still written');
      expect(warned.map((line) => line.msg)).toContain('still written');
    } finally {
      await quiet.close();
    }
  });

  it('refuses a sample that is not a whole number of at least 1', () => {
    expect(() => accessLogHook(0)).toThrow('readSample');
    expect(() => accessLogHook(1.5)).toThrow('readSample');
  });
});
