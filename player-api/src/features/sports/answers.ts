import type { Store } from '../../db/store';
import { createAnswerCache } from '../../lib/answer-cache';

/** An answer cache whose answers are built by async queries. */
export interface AsyncAnswerCache<T extends object> {
  get(now: Date, build: () => Promise<T>): Promise<T>;
}

const MISS = Symbol('answer cache miss');

/**
 * lib/answer-cache over the store. On SQLite it is the same cache (one answer per second at
 * most, dropped at any write, seen through `data_version`); its `build` is synchronous, so a
 * miss is found first and the answer built (awaited) and stored after. On PostgreSQL there is no
 * cheap "did anything change" (other nodes write too): every call builds its answer.
 */
export function createStoreAnswerCache<T extends object>(store: Store, options: { maxAgeMs: number }): AsyncAnswerCache<T> {
  const handle = store.sqlite;
  if (!handle) return { get: (_now, build) => build() };
  const cache = createAnswerCache<T>(handle, options);
  return {
    async get(now, build) {
      try {
        return cache.get(now, () => {
          throw MISS;
        });
      } catch (error) {
        if (error !== MISS) throw error;
      }
      const built = await build();
      return cache.get(now, () => built);
    },
  };
}
