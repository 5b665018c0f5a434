// Counters of attempts in fixed windows: failed sign-ins, registrations and uploads per address
// (docs/decisions/144, 145). In this process's memory on one node; in Redis when several nodes
// share a site (cluster.sharedCounters), so one address's attempts through every node add up.
import type { FastifyRequest } from 'fastify';
import type { SharedCounters } from '../cluster/cluster';
import { HttpError } from './errors';

/** A counter's value and how long until its window ends. */
export interface AttemptCount {
  count: number;
  /** Seconds until the window ends (0 when the counter is empty). */
  retryAfterSeconds: number;
}

export interface AttemptCounters {
  /** The counters' values now, in the order asked. */
  read(keys: readonly string[]): Promise<AttemptCount[]>;
  /** Adds one to each key (a window of `windowMs` starts with a key's first attempt); returns the new values. */
  add(keys: readonly string[], windowMs: number): Promise<number[]>;
  /** Takes one back from each key (an attempt counted ahead that did not fail), never below zero. */
  takeBack(keys: readonly string[]): Promise<void>;
  /** Forgets the keys (a success clears what was counted against it). */
  clear(keys: readonly string[]): Promise<void>;
}

/** At most this many keys are kept in memory; the oldest windows go first. */
const MEMORY_KEYS_KEPT = 100_000;

/** Counters in this process's memory, on the app clock. */
export function memoryAttemptCounters(now: () => Date, kept = MEMORY_KEYS_KEPT): AttemptCounters {
  const counters = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, at: number) => {
    const entry = counters.get(key);
    if (entry && entry.endsAt > at) return entry;
    if (entry) counters.delete(key);
    return undefined;
  };
  return {
    read: async (keys) => {
      const at = now().getTime();
      return keys.map((key) => {
        const entry = live(key, at);
        return entry ? { count: entry.count, retryAfterSeconds: Math.max(1, Math.ceil((entry.endsAt - at) / 1000)) } : { count: 0, retryAfterSeconds: 0 };
      });
    },
    add: async (keys, windowMs) => {
      const at = now().getTime();
      return keys.map((key) => {
        const entry = live(key, at) ?? { count: 0, endsAt: at + windowMs };
        entry.count += 1;
        counters.set(key, entry);
        if (counters.size > kept) {
          const oldest = counters.keys().next();
          if (!oldest.done) counters.delete(oldest.value);
        }
        return entry.count;
      });
    },
    takeBack: async (keys) => {
      const at = now().getTime();
      for (const key of keys) {
        const entry = live(key, at);
        if (entry) entry.count = Math.max(0, entry.count - 1);
      }
    },
    clear: async (keys) => {
      for (const key of keys) counters.delete(key);
    },
  };
}

/** INCR, and the window's expiry on the first attempt (one round trip, atomic). */
const ADD_SCRIPT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;
/** DECR that never goes below zero and never outlives the window. */
const TAKE_BACK_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end return 0`;

/**
 * The longest a call on the shared counters waits for Redis. While Redis is away (its client
 * reconnecting) a call is refused at once; one that Redis does not answer (a hung server, a cut
 * network) gives up after this: a sign-in answers its 503 within half a second, not after the
 * client's reconnection attempts (docs/decisions/183).
 */
export const SHARED_COUNTER_TIMEOUT_MS = 300;

/**
 * Resolves once `redis` is ready, within `ms`: at once when it is; a connection being made (a node
 * just started, or a reconnection attempt under way) is waited for; a client that is waiting to
 * retry or closed is refused at once.
 */
function whenReady(redis: SharedCounters['redis'], ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (redis.status !== 'connecting' && redis.status !== 'connect') return Promise.reject(new Error(`Redis is not connected (${redis.status})`));
  return new Promise<void>((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis did not connect within ${ms} ms`));
    }, ms);
    redis.once('ready', onReady);
  });
}

/**
 * `work` on Redis: refused at once while the client waits to reconnect, after
 * SHARED_COUNTER_TIMEOUT_MS without an answer. A connection being made is waited for first, within
 * the same time; the answer then gets what is left of it, and at least 100 ms (400 ms in all at most).
 */
function onRedis<T>(redis: SharedCounters['redis'], work: () => Promise<T>): Promise<T> {
  // Ready: the command goes out now, in this turn of the event loop, and its wait starts with it.
  if (redis.status === 'ready') return answered(work, SHARED_COUNTER_TIMEOUT_MS);
  const started = Date.now();
  return whenReady(redis, SHARED_COUNTER_TIMEOUT_MS).then(() => answered(work, Math.max(100, SHARED_COUNTER_TIMEOUT_MS - (Date.now() - started))));
}

/** `work`'s answer, or a refusal after `ms` without one. */
function answered<T>(work: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The refusal waits one more turn of the event loop (setImmediate runs after the loop reads
    // its sockets): a node held up past the wait (a long GC, a starved CPU) runs its timers before
    // it reads an answer that is already there, and must take that answer, not refuse.
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis did not answer within ${SHARED_COUNTER_TIMEOUT_MS} ms`))), ms);
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Counters in Redis, shared by every node (their windows on Redis's clock). */
export function redisAttemptCounters(shared: SharedCounters): AttemptCounters {
  const counters = redisCounterCalls(shared);
  return {
    read: (keys) => onRedis(shared.redis, () => counters.read(keys)),
    add: (keys, windowMs) => onRedis(shared.redis, () => counters.add(keys, windowMs)),
    takeBack: (keys) => onRedis(shared.redis, () => counters.takeBack(keys)),
    clear: (keys) => onRedis(shared.redis, () => counters.clear(keys)),
  };
}

/** The counters' Redis calls, without the guard of `onRedis`. */
function redisCounterCalls({ redis, prefix }: SharedCounters): AttemptCounters {
  const name = (key: string) => `${prefix}attempts:${key}`;
  return {
    async read(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(name(key)).pttl(name(key));
      const answers = (await pipeline.exec()) ?? [];
      return keys.map((_, index) => {
        const [countError, count] = answers[index * 2] ?? [null, null];
        const [ttlError, ttl] = answers[index * 2 + 1] ?? [null, null];
        if (countError) throw countError;
        if (ttlError) throw ttlError;
        const value = Number(count ?? 0);
        return { count: value, retryAfterSeconds: value > 0 ? Math.max(1, Math.ceil(Number(ttl) / 1000)) : 0 };
      });
    },
    async add(keys, windowMs) {
      return Promise.all(keys.map(async (key) => Number(await redis.eval(ADD_SCRIPT, 1, name(key), String(windowMs)))));
    },
    async takeBack(keys) {
      await Promise.all(keys.map((key) => redis.eval(TAKE_BACK_SCRIPT, 1, name(key))));
    },
    async clear(keys) {
      if (keys.length > 0) await redis.del(...keys.map(name));
    },
  };
}

/** The counters of a site: Redis when the nodes share it, else this process's memory. */
export function attemptCounters(shared: SharedCounters | undefined, now: () => Date): AttemptCounters {
  return shared ? redisAttemptCounters(shared) : memoryAttemptCounters(now);
}

/**
 * The counters' answer, or a 503 with `text` when they cannot be reached (Redis down): refused
 * rather than let unthrottled attempts through (docs/decisions/121).
 */
export async function countedOrRefused<T>(request: FastifyRequest, work: Promise<T>, text: string): Promise<T> {
  return work.catch((error: unknown) => {
    request.log.error({ err: error }, 'throttling: the attempt counters are unreachable');
    throw new HttpError(503, text);
  });
}
