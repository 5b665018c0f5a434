// The busiest public reads (the two schedules) answer the same thing to everyone until the
// database changes: the answer is built once, checked against its contract, serialized and
// encoded once, and sent as those bytes to every caller until a write or a second has gone by
// (docs/decisions/094, 127).
//
// "Until a write" is SQLite's alone: its connection counts its own writes (total_changes()) and
// other connections' commits (PRAGMA data_version), so a cached answer is dropped at the first
// change. PostgreSQL has no such cheap, connection-independent counter (a write may come from
// another node), so there the cache falls back to its time to live only: an answer may be up to
// `maxAgeMs` old after a write (the schedules use 1 s — the same bound as before on a quiet
// database, and what a changed schedule already waited for when nothing was written).
import { sqliteDataVersion } from '../db/committed';
import type { Store } from '../db/store';

/** Answers that may be serialized once and sent many times (frozen, never changed). */
const serializedAnswers = new WeakMap<object, Buffer | null>();

/**
 * Wraps a route's serializer (the endpoint contract's check and JSON.stringify): an answer from an
 * answer cache is checked and serialized the first time it is sent, then sent as those UTF-8
 * bytes. A schedule is ~11 KB: sent as text, every request measured it (Content-Length) and
 * encoded it again on the way out; Fastify sends a Buffer as it is.
 */
export function reuseSerialization(serialize: (data: unknown) => string): (data: unknown) => string | Buffer {
  return (data) => {
    if (typeof data !== 'object' || data === null || !serializedAnswers.has(data)) return serialize(data);
    const known = serializedAnswers.get(data);
    if (known) return known;
    const json = Buffer.from(serialize(data));
    serializedAnswers.set(data, json);
    return json;
  };
}

export interface AnswerCache<T extends object> {
  /**
   * The answer at `now`: the one built last if the data has not changed since (SQLite) and it is
   * younger than the cache's age; else `build()`. `seen`: the data version this request already
   * read (lib/catch-up-gate.ts), taken as the moment of the answer; else it is read here.
   */
  get(now: Date, build: () => T | Promise<T>, seen?: string): Promise<T>;
  /** The answer `get(now, …, seen)` would give without building one, at once; undefined when it would build. */
  kept(now: Date, seen: string): T | undefined;
}

/**
 * One endpoint's answer cache. An answer lives at most `maxAgeMs` of the API's clock (what
 * changes with time alone, e.g. a draw time passing, shows within that) and, on SQLite, never
 * past a write (see the top of this file for PostgreSQL).
 */
export function createAnswerCache<T extends object>(store: Store, { maxAgeMs }: { maxAgeMs: number }): AnswerCache<T> {
  // Read straight from SQLite's handle: a prepared statement, not two queries through the query layer.
  const version = sqliteDataVersion(store) ?? (() => '');
  let last: { answer: T; builtAt: number; version: string } | null = null;
  /** The last answer, if it is still the answer at `at` as of data version `moment`. */
  const keptAt = (moment: string, at: number) => (last && last.version === moment && at >= last.builtAt && at - last.builtAt < maxAgeMs ? last.answer : undefined);
  return {
    kept: (now, seen) => keptAt(seen, now.getTime()),
    async get(now, build, seen) {
      const at = now.getTime();
      const moment = seen ?? version();
      const kept = keptAt(moment, at);
      if (kept) return kept;
      const answer = await build();
      Object.freeze(answer);
      serializedAnswers.set(answer, null);
      last = { answer, builtAt: at, version: moment };
      return answer;
    },
  };
}
