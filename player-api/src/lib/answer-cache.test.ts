import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DB } from '../db/database';
import { createAnswerCache, reuseSerialization } from './answer-cache';

let db: DB;
beforeEach(() => {
  db = openDatabase(':memory:');
  db.exec('CREATE TABLE t (x INTEGER)');
});
afterEach(() => db.close());

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 8, 0, 0, ms));

describe('createAnswerCache', () => {
  it('answers the same object until the database changes', () => {
    const cache = createAnswerCache<{ n: number }>(db, { maxAgeMs: 1_000 });
    const build = vi.fn(() => ({ n: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM t').get()?.n ?? -1 }));
    const first = cache.get(at(0), build);
    expect(cache.get(at(10), build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    db.prepare('INSERT INTO t VALUES (1)').run();
    expect(cache.get(at(20), build)).toEqual({ n: 1 });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('builds again once the answer is as old as the cache allows, or when the clock went back', () => {
    const cache = createAnswerCache<{ at: number }>(db, { maxAgeMs: 1_000 });
    let built = 0;
    const build = () => ({ at: (built += 1) });
    expect(cache.get(at(0), build)).toEqual({ at: 1 });
    expect(cache.get(at(999), build)).toEqual({ at: 1 });
    expect(cache.get(at(1_000), build)).toEqual({ at: 2 });
    expect(cache.get(at(500), build)).toEqual({ at: 3 });
  });

  it('hands out frozen answers: no caller can change what the next one gets', () => {
    const cache = createAnswerCache<number[]>(db, { maxAgeMs: 1_000 });
    const answer = cache.get(at(0), () => [1, 2]);
    expect(Object.isFrozen(answer)).toBe(true);
  });
});

describe('reuseSerialization', () => {
  it("serializes (and so checks) a cached answer once; any other answer every time", () => {
    const cache = createAnswerCache<number[]>(db, { maxAgeMs: 1_000 });
    const serialize = vi.fn((data: unknown) => JSON.stringify(data));
    const send = reuseSerialization(serialize);
    const cached = cache.get(at(0), () => [1, 2]);
    expect(send(cached)).toBe('[1,2]');
    expect(send(cached)).toBe('[1,2]');
    expect(serialize).toHaveBeenCalledTimes(1);
    expect(send([3])).toBe('[3]');
    expect(send([3])).toBe('[3]');
    expect(serialize).toHaveBeenCalledTimes(3);
  });

  it('lets a cached answer that breaks its contract fail every time, never sending it', () => {
    const cache = createAnswerCache<number[]>(db, { maxAgeMs: 1_000 });
    const send = reuseSerialization(() => {
      throw new Error('answer breaks its endpoint contract');
    });
    const cached = cache.get(at(0), () => [1]);
    expect(() => send(cached)).toThrow('contract');
    expect(() => send(cached)).toThrow('contract');
  });
});
