// A Cluster the test drives: it decides when this node leads and how it stops leading.
import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'socket.io';
import type { Cluster, LeaderStopReason, LeaderWork } from '../cluster/cluster';

export interface ManualCluster extends Cluster {
  /** Starts every registered leader work here (as an election won would). */
  becomeLeader(): Promise<void>;
  /** Stops the leader work with `reason` (`handover`: another node carries on). */
  stopLeading(reason: LeaderStopReason): Promise<void>;
}

export interface ManualClusterOptions {
  /** The socket.io adapter that links the nodes (e.g. Redis, as the real cluster's); default none. */
  adapter?: ServerOptions['adapter'];
}

/**
 * One node of a site whose database other nodes share (`shared: true`), leading only when the
 * test says so. `start()` (the API listens) elects nobody; `stop()` (the API closes) hands the
 * lead over, as a node of several does.
 */
export function manualCluster(options: ManualClusterOptions = {}): ManualCluster {
  const tasks: { name: string; start: () => Promise<LeaderWork> }[] = [];
  let running: LeaderWork[] | null = null;
  const cluster: ManualCluster = {
    nodeId: randomUUID(),
    shared: true,
    get isLeader() {
      return running !== null;
    },
    lead(name, start) {
      tasks.push({ name, start });
    },
    socketAdapter: () => options.adapter,
    // Counters and messages between nodes stay with the real cluster (cluster/several-nodes.ts).
    sharedCounters: () => undefined,
    publish: () => undefined,
    subscribe: () => undefined,
    async close() {},
    async start() {},
    async stop() {
      await cluster.stopLeading('handover');
    },
    async becomeLeader() {
      if (running) return;
      running = [];
      for (const task of tasks) running.push(await task.start());
    },
    async stopLeading(reason) {
      const stopping = running;
      running = null;
      for (const work of (stopping ?? []).reverse()) await work.stop(reason);
    },
  };
  return cluster;
}
