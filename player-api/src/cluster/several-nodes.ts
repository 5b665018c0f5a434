import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Cluster } from './cluster';
import { LeaderElection } from './election';
import { LeaderTasks } from './leader-tasks';
import type { RedisLink } from './redis';

export interface SeveralNodesOptions {
  nodeId: string;
  /** The store's connection settings: the leader lock is held on a connection of its own. */
  connectionConfig: pg.ClientConfig;
  /** How often the leader lock is checked (ms). */
  leaderCheckMs: number;
  /** Broadcasts, counters and events between nodes; null: this node keeps them to itself. */
  redis: RedisLink | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * A node of a site on PostgreSQL (docs/decisions/121): one leader at a time, elected through a
 * PostgreSQL advisory lock, runs the timed work; a node that stops or loses its lock connection
 * hands the work over (`stop('handover')`: rounds in play stay open in the database for the next
 * leader). Redis, when configured, carries what the nodes share.
 */
export function severalNodes(options: SeveralNodesOptions): Cluster {
  const { nodeId, redis, log } = options;
  const tasks = new LeaderTasks(log);
  const election = new LeaderElection({
    connectionConfig: options.connectionConfig,
    checkMs: options.leaderCheckMs,
    nodeId,
    log,
    whileLeading: () => tasks.startMissing(),
    stopLeading: () => tasks.stopAll('handover'),
  });
  return {
    nodeId,
    shared: true,
    get isLeader() {
      return election.isLeader;
    },
    lead: (name, start) => tasks.add(name, start),
    socketAdapter: () => redis?.socketAdapter(),
    sharedCounters: () => (redis ? { redis: redis.counters, prefix: redis.counterPrefix } : undefined),
    publish: (topic, message) => redis?.publish(topic, message),
    subscribe: (topic, listener) => redis?.subscribe(topic, listener),
    start: () => election.start(),
    stop: () => election.stop(),
    close: async () => redis?.close(),
  };
}
