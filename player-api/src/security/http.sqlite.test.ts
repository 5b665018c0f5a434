import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// The embedded engine's durability settings: the pragmas of the store's better-sqlite3 handle
// (PostgreSQL's are the server's own configuration).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('SQLite', () => {
  it('runs with synchronous = FULL (a reported commit survives a power cut)', () => {
    expect(t.store.sqlite?.pragma('synchronous', { simple: true })).toBe(2);
    expect(t.store.sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
