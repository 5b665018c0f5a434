import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Feature } from '../../context';
import { databaseProblemOf, describeDatabaseProblem } from '../../db/outage';
import type { Store } from '../../db/store';
import { HEALTH_SCHEMA } from './schema';

declare module '../../db/tables' {
  interface Tables {
    /** One row, written by every readiness check: proof that the database takes writes. */
    readiness_probe: { id: number; checked_at: string; node: string };
  }
}

/** The readiness check (docs/decisions/180): for what sends traffic (the gateway, compose's health checks, an orchestrator). */
export const READY_PATH = '/health/ready';

/**
 * The SQLite folder must keep at least this much free: SQLite reuses its write-ahead log's space,
 * so a write can still succeed on a disk with no room left for the next checkpoint, upload or backup.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export interface ReadinessOptions {
  /** The free space the SQLite folder must keep. @default MIN_FREE_BYTES */
  minFreeBytes?: number;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** The folder of a SQLite store's file, whose disk it writes (none in memory, none on PostgreSQL). */
function dataFolderOf(store: Store): string | null {
  const file = store.sqlite?.name;
  if (!file || file === ':memory:' || file === '' || store.sqlite?.memory) return null;
  return dirname(resolve(file));
}

/**
 * Whether this node can take traffic: one row written in a transaction of its own (the database
 * is reachable and takes writes), and on SQLite enough free space beside the file. The reason
 * names what is wrong — read-only, full, unreachable — never an address or a password.
 */
export async function checkReadiness(store: Store, node: string, options: ReadinessOptions = {}): Promise<Readiness> {
  try {
    await store.db.updateTable('readiness_probe').set({ checked_at: new Date().toISOString(), node }).where('id', '=', 1).execute();
  } catch (error) {
    const problem = databaseProblemOf(error);
    return { ready: false, reason: problem ? describeDatabaseProblem(problem, error) : 'the database refused a write' };
  }
  const folder = dataFolderOf(store);
  if (folder) {
    const minFree = options.minFreeBytes ?? MIN_FREE_BYTES;
    const disk = await statfs(folder);
    const free = disk.bavail * disk.bsize;
    if (free < minFree) {
      return { ready: false, reason: `the disk of the data folder is full: ${Math.floor(free / 1024 / 1024)} MB free, ${Math.ceil(minFree / 1024 / 1024)} MB needed` };
    }
  }
  return { ready: true };
}

/**
 * - GET /health → { status: 'ok', leader }: the process is alive (no database call), and whether
 *   this node runs the timed work now (operators of several nodes).
 * - GET /health/ready → 200 { status: 'ready' }, or 503 { status: 'not ready', message } when
 *   the database cannot be written (unreachable, read-only, full disk) or the API is closing.
 */
export function createHealthFeature(options: ReadinessOptions = {}): Feature {
  return {
    name: 'health',
    ...HEALTH_SCHEMA,
    register(app, ctx) {
      app.get('/health', async () => ({ status: 'ok', leader: ctx.cluster.isLeader }));
      app.get(READY_PATH, async (request, reply) => {
        const readiness = await checkReadiness(ctx.store, ctx.cluster.nodeId, options);
        if (readiness.ready) return { status: 'ready' };
        request.log.warn({ reason: readiness.reason }, 'not ready');
        return reply.code(503).send({ status: 'not ready', message: readiness.reason });
      });
    },
  };
}

export const healthFeature: Feature = createHealthFeature();
