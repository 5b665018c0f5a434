import type { RemoteErrorCount, RemoteErrorReport } from '@suwerte/federation';
import { sql } from 'kysely';
import type { Q } from '../../db/tables';

declare module '../../db/tables' {
  interface Tables {
    remote_errors: { id: number; remote: string; release: string; kind: string; message: string; route: string; canary: number; created_at: string };
  }
}

/** Reports older than this are dropped: they are for watching a release, not an archive. */
export const RETENTION_DAYS = 14;

/** Keeps one report and forgets those past the retention (two statements; each stands alone, no transaction needed). */
export async function recordRemoteError(q: Q, report: RemoteErrorReport, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  await q.deleteFrom('remote_errors').where('created_at', '<', cutoff).execute();
  await q
    .insertInto('remote_errors')
    .values({
      remote: report.remote,
      release: report.release,
      kind: report.kind,
      message: report.message,
      route: report.route,
      canary: report.canary ? 1 : 0,
      created_at: now.toISOString(),
    } as never)
    .execute();
}

/** Failures per remote, release and kind since `since`, most frequent first. */
export async function countRemoteErrors(q: Q, since: Date, remote?: string): Promise<RemoteErrorCount[]> {
  let query = q
    .selectFrom('remote_errors')
    .select(['remote', 'release', 'kind', sql<number>`COUNT(*)`.as('count'), sql<string>`MAX(created_at)`.as('last_at')])
    .where('created_at', '>=', since.toISOString());
  if (remote !== undefined) query = query.where('remote', '=', remote);
  const rows = await query
    .groupBy(['remote', 'release', 'kind'])
    .orderBy(sql`COUNT(*)`, 'desc')
    .orderBy('remote')
    .orderBy('release')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ remote: row.remote, release: row.release, kind: row.kind as RemoteErrorCount['kind'], count: Number(row.count), lastAt: row.last_at }));
}
