import { randomBytes } from 'node:crypto';

/** Polls `condition` every 20 ms until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A Redis prefix of the test's own: parallel test files sharing one Redis never hear each other. */
export function testRedisPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}`;
}

/** TEST_REDIS_URL (tools/with-postgres.sh sets it); the several-node tests need it. */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run the PostgreSQL tests through tools/with-postgres.sh');
  return url;
}
