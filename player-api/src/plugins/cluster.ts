// The cluster: this node's part in a several-node deployment (leader election, Redis channels),
// or the single node of a SQLite store. Decorates the app with `cluster`.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Cluster } from '../cluster/cluster';
import { openCluster, type ClusterOptions } from '../cluster/open';
import type { Store } from '../db/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's cluster (features use `ctx.cluster`). */
    cluster: Cluster;
  }
}

export interface ClusterPluginOptions {
  store: Store;
  cluster: ClusterOptions;
}

export const clusterPlugin = fp<ClusterPluginOptions>(
  async (app, { store, cluster }) => {
    const nodes = openCluster(store, cluster, app.log);
    app.decorate('cluster', nodes);
    // Leader work (rounds, progression) starts once the API listens. On close it stops first —
    // this root hook runs before the features' own (their socket servers) — and, on PostgreSQL,
    // another node takes the lead over.
    app.addHook('onListen', async () => nodes.start());
    app.addHook('preClose', async () => nodes.stop());
    // onClose hooks run last-registered first: this one after the features' (socket servers and
    // their Redis adapters closed), before the store's.
    app.addHook('onClose', async () => nodes.close());
  },
  { name: 'suwerte-cluster' },
);

/** The app's cluster, for main's start-up log (features use `ctx.cluster`). */
export function clusterOf(app: FastifyInstance): Cluster | undefined {
  return app.hasDecorator('cluster') ? app.cluster : undefined;
}
