import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqliteDataVersion } from '../db/committed';
import { openSqliteStore, type Store } from '../db/store';
import { createAnswerCache, reuseSerialization } from './answer-cache';

let store: Store;
beforeEach(async () => {
  store = openSqliteStore(':memory:');
  await sql`CREATE TABLE t (x INTEGER)`.execute(store.db);
});
afterEach(() => store.close());

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 8, 0, 0, ms));
const countRows = async () => (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(store.db)).rows[0]?.n ?? -1;

/** A PostgreSQL store as far as the cache can tell (it sends no query there). */
const postgresLike = { engine: 'postgres', sqlite: null } as unknown as Store;

describe('createAnswerCache', () => {
  it('answers the same object until the database changes (SQLite)', async () => {
    const cache = createAnswerCache<{ n: number }>(store, { maxAgeMs: 1_000 });
    const build = vi.fn(async () => ({ n: await countRows() }));
    const first = await cache.get(at(0), build);
    expect(await cache.get(at(10), build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    await sql`INSERT INTO t VALUES (1)`.execute(store.db);
    expect(await cache.get(at(20), build)).toEqual({ n: 1 });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("takes a data version the request already read as the answer's moment", async () => {
    const cache = createAnswerCache<{ n: number }>(store, { maxAgeMs: 1_000 });
    const build = vi.fn(async () => ({ n: await countRows() }));
    const first = await cache.get(at(0), build, 'v1');
    expect(await cache.get(at(1), build, 'v1')).toBe(first);
    expect(await cache.get(at(2), build, 'v2')).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('on PostgreSQL, keeps an answer for its time to live only', async () => {
    const cache = createAnswerCache<{ built: number }>(postgresLike, { maxAgeMs: 1_000 });
    let built = 0;
    const build = () => ({ built: (built += 1) });
    const first = await cache.get(at(0), build);
    expect(await cache.get(at(999), build)).toBe(first);
    expect(await cache.get(at(1_000), build)).toEqual({ built: 2 });
  });

  it('builds again once the answer is as old as the cache allows, or when the clock went back', async () => {
    for (const where of [store, postgresLike]) {
      const cache = createAnswerCache<{ at: number }>(where, { maxAgeMs: 1_000 });
      let built = 0;
      const build = () => ({ at: (built += 1) });
      expect(await cache.get(at(0), build)).toEqual({ at: 1 });
      expect(await cache.get(at(999), build)).toEqual({ at: 1 });
      expect(await cache.get(at(1_000), build)).toEqual({ at: 2 });
      expect(await cache.get(at(500), build)).toEqual({ at: 3 });
    }
  });

  it('tells at once which answer get would give without building: the one of that data version, while young enough', async () => {
    const version = sqliteDataVersion(store);
    if (!version) throw new Error('a SQLite store has a data version');
    const cache = createAnswerCache<{ n: number }>(store, { maxAgeMs: 1_000 });
    expect(cache.kept(at(0), version())).toBeUndefined();
    const first = await cache.get(at(0), async () => ({ n: await countRows() }));
    const seen = version();
    expect(cache.kept(at(999), seen)).toBe(first);
    expect(cache.kept(at(1_000), seen)).toBeUndefined();
    expect(cache.kept(new Date(at(0).getTime() - 1), seen)).toBeUndefined();
    // A write drops it: the version it was built at is no longer the data's.
    await sql`INSERT INTO t VALUES (1)`.execute(store.db);
    expect(cache.kept(at(1), version())).toBeUndefined();
    expect(await cache.get(at(2), async () => ({ n: await countRows() }))).toEqual({ n: 1 });
  });

  it('hands out frozen answers: no caller can change what the next one gets', async () => {
    const cache = createAnswerCache<number[]>(store, { maxAgeMs: 1_000 });
    const answer = await cache.get(at(0), () => [1, 2]);
    expect(Object.isFrozen(answer)).toBe(true);
  });
});

describe('reuseSerialization', () => {
  it("serializes (and so checks) a cached answer once; any other answer every time", async () => {
    const cache = createAnswerCache<number[]>(store, { maxAgeMs: 1_000 });
    const serialize = vi.fn((data: unknown) => JSON.stringify(data));
    const send = reuseSerialization(serialize);
    const cached = await cache.get(at(0), () => [1, 2]);
    expect(send(cached).toString()).toBe('[1,2]');
    const bytes = send(cached);
    expect(Buffer.isBuffer(bytes) && bytes.toString('utf8')).toBe('[1,2]');
    expect(serialize).toHaveBeenCalledTimes(1);
    expect(send([3])).toBe('[3]');
    expect(send([3])).toBe('[3]');
    expect(serialize).toHaveBeenCalledTimes(3);
  });

  it("sends a cached answer as its UTF-8 bytes, whatever its characters", async () => {
    const cache = createAnswerCache<string[]>(store, { maxAgeMs: 1_000 });
    const send = reuseSerialization((data) => JSON.stringify(data));
    const cached = await cache.get(at(0), () => ['Piñas ₱5']);
    send(cached);
    const bytes = send(cached);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.length).toBe(Buffer.byteLength('["Piñas ₱5"]'));
    expect(bytes.toString('utf8')).toBe('["Piñas ₱5"]');
  });

  it('lets a cached answer that breaks its contract fail every time, never sending it', async () => {
    const cache = createAnswerCache<number[]>(store, { maxAgeMs: 1_000 });
    const send = reuseSerialization(() => {
      throw new Error('answer breaks its endpoint contract');
    });
    const cached = await cache.get(at(0), () => [1]);
    expect(() => send(cached)).toThrow('contract');
    expect(() => send(cached)).toThrow('contract');
  });
});
