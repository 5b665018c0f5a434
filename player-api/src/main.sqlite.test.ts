import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from './features/seed/seed';
import { startMain } from './testing/main-process';

// Issue 36, "honest shutdown": SIGTERM with a keep-alive client in flight (it hung 10 s and
// exited 1) finishes the answer, closes the connection and exits 0; an answer that outlives the
// grace period is cut; a data folder that cannot be opened is named in one line.

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-main-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once nothing listens on the port any more (a closing server stops listening first). */
async function stopsListening(port: number, within = 10_000): Promise<void> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`port ${port} still listening after ${within} ms`);
}

// These start the API as a process (tsx compiles it each time): seconds each on a busy machine.
const PROCESS_TESTS = { timeout: 90_000 };

describe('SIGTERM', PROCESS_TESTS, () => {
  it('finishes the answer in flight on a keep-alive connection, closes that connection and exits 0 at once', async () => {
    const api = await startMain({ APP_MODE: 'demo', DATABASE_PATH: join(tempDir(), 'api.sqlite') });
    expect(api.url).not.toBeNull();
    const { port } = new URL(api.url ?? '');
    const agent = new http.Agent({ keepAlive: true });
    try {
      const body = JSON.stringify({ username: DEMO_PLAYER.username, password: DEMO_PLAYER.password });
      // A sign-in on a keep-alive connection that the server has taken in before SIGTERM: it asks
      // "Expect: 100-continue", so the 100 says the server has the request (past the check that
      // answers 503 to a request arriving while closing); then SIGTERM; the body goes once the
      // server has stopped listening (closing has begun), so the answer is made while closing.
      const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/player/login',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
          },
        );
        request.on('error', reject);
        request.on('continue', () => {
          void api.signal('SIGTERM');
          stopsListening(Number(port)).then(() => request.end(body), reject);
        });
        request.flushHeaders();
      });
      const stopping = Date.now();
      expect(await answer).toEqual({ status: 200, connection: 'close' });
      expect(await api.signal('SIGTERM')).toEqual({ code: 0, signal: null });
      // Well within the grace period (8 s), which it waited out before.
      expect(Date.now() - stopping).toBeLessThan(5_000);
    } finally {
      agent.destroy();
      await api.stop();
    }
  });

  it('cuts an answer that outlives the grace period and says so (exit 1)', async () => {
    const api = await startMain({ APP_MODE: 'demo', DATABASE_PATH: join(tempDir(), 'api.sqlite'), SHUTDOWN_GRACE_MS: '1000' });
    const { port } = new URL(api.url ?? '');
    // A request whose body never comes: in flight until the server gives up on it.
    const socket = connect(Number(port), '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('POST /player/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stopping = Date.now();
      expect(await api.signal('SIGTERM')).toEqual({ code: 1, signal: null });
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(900);
      expect(api.output).toContain('Shutdown took longer than 1000 ms (SHUTDOWN_GRACE_MS); exiting.');
    } finally {
      socket.destroy();
      await api.stop();
    }
  });
});

describe('a data folder that cannot be opened', PROCESS_TESTS, () => {
  it('ends the start with one line naming the folder and the path (exit 1), in either mode', async () => {
    const blocker = join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, 'a file where the data folder should be');
    const path = join(blocker, 'data', 'suwerte.sqlite');
    const modes: Record<string, string>[] = [{ APP_MODE: 'demo' }, { APP_MODE: 'production', JWT_SECRET: randomBytes(32).toString('hex') }];
    for (const env of modes) {
      const api = await startMain({ ...env, DATABASE_PATH: path, CORS_ORIGINS: 'http://localhost:3000' });
      expect(api.code, api.output).toBe(1);
      const problem = api.output.split('\n').filter((line) => line.startsWith('Cannot open'));
      expect(problem).toEqual([
        `Cannot open the data folder ${join(blocker, 'data')}: a part of the path is a file, not a folder (ENOTDIR) for DATABASE_PATH=${path}. Give the API's user a folder it can write (DATABASE_PATH), or fix that folder's owner and permissions.`,
      ]);
      // Nothing else: no stack trace.
      expect(api.output).not.toMatch(/\n\s+at /);
    }
  });
});
