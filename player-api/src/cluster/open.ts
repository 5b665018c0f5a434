import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_LEADER_CHECK_MS, DEFAULT_REDIS_PREFIX } from '../config/env';
import type { Store } from '../db/store';
import { singleNode, type Cluster } from './cluster';
import { openRedis } from './redis';
import { severalNodes } from './several-nodes';

export interface ClusterOptions {
  /** Redis for what several nodes share (broadcasts, rate-limit counters, events). PostgreSQL only. */
  redisUrl?: string;
  /** The prefix of the site's keys and channels in Redis. Default 'suwerte'. */
  redisPrefix?: string;
  /** How often the leader lock is checked (ms). Default 1000. */
  leaderCheckMs?: number;
  /** This node's id in logs. Default host-pid-random. */
  nodeId?: string;
}

export const REDIS_NEEDS_POSTGRES_TEXT = 'Redis is for several nodes, which share one PostgreSQL database: with SQLite run one node without Redis';

/** The store decides: PostgreSQL → a node among several (leader election, Redis when given); SQLite → the only node. */
export function openCluster(store: Store, options: ClusterOptions, log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Cluster {
  if (store.engine !== 'postgres' || !store.connectionConfig) {
    if (options.redisUrl) throw new Error(REDIS_NEEDS_POSTGRES_TEXT);
    return singleNode(log);
  }
  const nodeId = options.nodeId ?? `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;
  return severalNodes({
    nodeId,
    connectionConfig: store.connectionConfig,
    leaderCheckMs: options.leaderCheckMs ?? DEFAULT_LEADER_CHECK_MS,
    redis: options.redisUrl ? openRedis({ url: options.redisUrl, prefix: options.redisPrefix ?? DEFAULT_REDIS_PREFIX, nodeId, log }) : null,
    log,
  });
}
