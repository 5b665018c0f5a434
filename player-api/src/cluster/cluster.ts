import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';

/** Timed work running on the leader; stopped when this node stops leading. */
export interface LeaderWork {
  /**
   * `handover`: another node carries on (several nodes share the database: leave a round in
   * play open for the next leader); `shutdown`: this node is the only one (SQLite) and closes.
   */
  stop(reason: LeaderStopReason): Promise<void>;
}
export type LeaderStopReason = 'handover' | 'shutdown';

/** Rate-limit counters in Redis: the client, and the prefix of this site's counter keys. */
export interface SharedCounters {
  redis: Redis;
  prefix: string;
}

/**
 * The nodes of one site (issue 14, docs/decisions/121). On SQLite this process is the only node
 * and always leads. On PostgreSQL several nodes may share the database: one leader at a time runs
 * the timed work (Video Karera rounds, basketball progression), broadcasts reach every node's
 * sockets through Redis, rate-limit counters live in Redis.
 */
export interface Cluster {
  /** This node's id (logs). */
  readonly nodeId: string;
  /** Other nodes may share the database (PostgreSQL): round state lives in the database, not in memory. */
  readonly shared: boolean;
  /** Whether this node leads now. */
  readonly isLeader: boolean;
  /**
   * Registers timed work that runs on one node at a time: `start` when this node becomes the
   * leader (at once on SQLite), the returned work's `stop` when it stops leading or closes.
   * Register during `register`; nothing runs before `start()`.
   */
  lead(name: string, start: () => Promise<LeaderWork>): void;
  /** The socket.io adapter that makes broadcasts reach every node's clients (Redis), or undefined for one node. */
  socketAdapter(): ServerOptions['adapter'] | undefined;
  /** Where the rate-limit counters every node shares live (Redis), or undefined: in this node's memory. */
  sharedCounters(): SharedCounters | undefined;
  /** Tells every other node `message` (JSON) on `topic` (through Redis); nothing when this node is alone. */
  publish(topic: string, message: unknown): void;
  /** Hears what the other nodes publish on `topic` — never this node's own messages. */
  subscribe(topic: string, listener: (message: unknown) => void): void;
  /**
   * Starts taking part (app.ts calls it once the API listens): elects, then starts the leader's
   * work here if it wins. Called again, it waits for that first election (main's start-up log).
   */
  start(): Promise<void>;
  /** Stops the leader's work (hand-over or shutdown) and leaves the election. */
  stop(): Promise<void>;
  /** Closes the connections to Redis: after `stop()` and after the socket servers closed (their adapters use them). */
  close(): Promise<void>;
}

/** One node alone (SQLite): always the leader; its work stops with `shutdown`. */
export function singleNode(log: Pick<FastifyBaseLogger, 'error'>): Cluster {
  const tasks: { name: string; start: () => Promise<LeaderWork> }[] = [];
  let running: { name: string; work: LeaderWork }[] = [];
  let started = false;
  let starting: Promise<void> | null = null;
  return {
    nodeId: randomUUID(),
    shared: false,
    get isLeader() {
      return started;
    },
    lead(name, start) {
      tasks.push({ name, start });
    },
    socketAdapter: () => undefined,
    sharedCounters: () => undefined,
    // No other node to tell or hear: the app's events reach this process's listeners directly.
    publish: () => undefined,
    subscribe: () => undefined,
    start() {
      starting ??= (async () => {
        started = true;
        for (const task of tasks) running.push({ name: task.name, work: await task.start() });
      })();
      return starting;
    },
    async stop() {
      if (!started) return;
      started = false;
      starting = null;
      const stopping = running;
      running = [];
      for (const { name, work } of stopping.reverse()) {
        try {
          await work.stop('shutdown');
        } catch (error) {
          log.error({ err: error, task: name }, 'could not stop leader work');
        }
      }
    },
    close: async () => undefined,
  };
}
