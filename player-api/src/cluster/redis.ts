import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import { redactUrl } from '../db/store';

/**
 * What several nodes share through Redis (docs/decisions/121): socket.io broadcasts (the Redis
 * adapter), the rate-limit counters, and the app's events between nodes. Everything lives under
 * `prefix`, so several sites (and parallel tests) can share one Redis.
 */
export interface RedisLink {
  /** The Redis URL without its password, for logs. */
  readonly description: string;
  /** The client the rate-limit counters are kept with (commands; never in subscriber mode). */
  readonly counters: Redis;
  /** The prefix of the rate-limit keys. */
  readonly counterPrefix: string;
  socketAdapter(): NonNullable<ServerOptions['adapter']>;
  publish(topic: string, message: unknown): void;
  subscribe(topic: string, listener: (message: unknown) => void): void;
  /** Closes both connections (after the socket servers, whose adapters use them, closed). */
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  url: string;
  prefix: string;
  /** This node: its own messages come back from Redis and are dropped. */
  nodeId: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The envelope of a message between nodes. */
interface Envelope {
  from: string;
  message: unknown;
}

/** The calls the socket.io adapter makes without awaiting them. */
const UNAWAITED_CALLS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

export function openRedis({ url, prefix, nodeId, log }: RedisLinkOptions): RedisLink {
  const description = redactUrl(url);
  // Commands (publishes, counters) fail after two reconnection attempts instead of waiting for an
  // outage to end: a sign-in answers at once, a broadcast is dropped rather than queued.
  const commands = connect('commands', { maxRetriesPerRequest: 2 });
  // Subscriptions wait for Redis as long as it takes, and are renewed on every reconnection.
  const subscriber = connect('subscriber', { maxRetriesPerRequest: null });
  const listeners = new Map<string, ((message: unknown) => void)[]>();
  const channelOf = (topic: string) => `${prefix}:events:${topic}`;

  function connect(role: string, options: RedisOptions): Redis {
    const client = new Redis(url, { ...options, connectTimeout: 2_000, retryStrategy: (attempt) => Math.min(attempt * 100, 2_000) });
    let down = false;
    // Logged once per outage (ioredis reports every failed reconnection); never an unhandled 'error'.
    client.on('error', (error: Error) => {
      if (!down) log.error({ err: error, redis: description, role }, 'cluster: Redis unreachable; broadcasts and shared counters wait for it');
      down = true;
    });
    client.on('ready', () => {
      if (down) log.info({ redis: description, role }, 'cluster: Redis reachable again');
      down = false;
    });
    // The adapter publishes and (un)subscribes without awaiting: a call failing while Redis is
    // away must be logged, not end the process as an unhandled rejection.
    for (const name of UNAWAITED_CALLS) {
      const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(client, {
        [name]: (...args: unknown[]) => {
          const sent = call(...args);
          sent.catch((error: unknown) => log.warn({ err: error, redis: description, call: name }, 'cluster: Redis call failed'));
          return sent;
        },
      });
    }
    return client;
  }

  subscriber.on('message', (channel: string, text: string) => {
    const topic = channel.startsWith(`${prefix}:events:`) ? channel.slice(`${prefix}:events:`.length) : null;
    const heard = topic === null ? undefined : listeners.get(topic);
    if (!heard) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      log.warn({ channel }, 'cluster: a message that is not JSON; ignored');
      return;
    }
    if (envelope.from === nodeId) return;
    for (const listener of heard) {
      try {
        listener(envelope.message);
      } catch (error) {
        log.error({ err: error, topic }, 'cluster: a listener failed');
      }
    }
  });

  return {
    description,
    counters: commands,
    counterPrefix: `${prefix}:rate-limit:`,
    socketAdapter: () => createAdapter(commands, subscriber, { key: `${prefix}:socket.io` }),
    publish(topic, message) {
      const envelope: Envelope = { from: nodeId, message };
      void commands.publish(channelOf(topic), JSON.stringify(envelope));
    },
    subscribe(topic, listener) {
      const heard = listeners.get(topic);
      if (heard) heard.push(listener);
      else {
        listeners.set(topic, [listener]);
        void subscriber.subscribe(channelOf(topic));
      }
    },
    async close() {
      await Promise.all([commands, subscriber].map(closeClient));
    },
  };
}

/** QUIT when connected (replies already sent arrive); otherwise just drop the connection (QUIT would wait for Redis). */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Closed meanwhile: disconnect below.
    }
  }
  client.disconnect();
}
