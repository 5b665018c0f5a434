import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
