// The busiest public reads (the two schedules) answer the same thing to everyone until the
// database changes: the answer is built once, checked against its contract and serialized once,
// and sent as it is to every caller until a write or a second has gone by (docs/decisions/094).
import type { DB } from '../db/database';

/** Answers that may be serialized once and sent many times (frozen, never changed). */
const serializedAnswers = new WeakMap<object, string | null>();

/**
 * Wraps a route's serializer (the endpoint contract's check and JSON.stringify): an answer from an
 * answer cache is checked and serialized the first time it is sent, then sent as that text.
 */
export function reuseSerialization(serialize: (data: unknown) => string): (data: unknown) => string {
  return (data) => {
    if (typeof data !== 'object' || data === null || !serializedAnswers.has(data)) return serialize(data);
    const known = serializedAnswers.get(data);
    if (typeof known === 'string') return known;
    const json = serialize(data);
    serializedAnswers.set(data, json);
    return json;
  };
}

export interface AnswerCache<T extends object> {
  /** The answer at `now`: the one built last if the database has not changed since and it is younger than the cache's age; else `build()`. */
  get(now: Date, build: () => T): T;
}

/** A connection's writes (`total_changes()`) and other connections' commits (`data_version`): either moving means the data moved. */
function databaseVersion(db: DB): () => string {
  const changes = db.prepare<[], { n: number }>('SELECT total_changes() AS n');
  return () => `${changes.get()?.n ?? 0}:${String(db.pragma('data_version', { simple: true }))}`;
}

/**
 * One endpoint's answer cache. An answer lives at most `maxAgeMs` of the API's clock (what
 * changes with time alone, e.g. a draw time passing, shows within that) and never past a write.
 */
export function createAnswerCache<T extends object>(db: DB, { maxAgeMs }: { maxAgeMs: number }): AnswerCache<T> {
  const version = databaseVersion(db);
  let last: { answer: T; builtAt: number; version: string } | null = null;
  return {
    get(now, build) {
      const at = now.getTime();
      const current = version();
      if (last && last.version === current && at >= last.builtAt && at - last.builtAt < maxAgeMs) return last.answer;
      const answer = build();
      Object.freeze(answer);
      serializedAnswers.set(answer, null);
      last = { answer, builtAt: at, version: current };
      return answer;
    },
  };
}
