import type { RemoteErrorCount, RemoteErrorReport } from '@suwerte/shared/federation';
import type { DB } from '../../db/database';

export const TELEMETRY_MIGRATIONS: readonly string[] = [
  // 1 — failures of remote releases in players' pages. No user, IP or full address is kept.
  `
  CREATE TABLE remote_errors (
    id         INTEGER PRIMARY KEY,
    remote     TEXT NOT NULL,
    release    TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('load', 'render', 'incompatible')),
    message    TEXT NOT NULL,
    route      TEXT NOT NULL,
    canary     INTEGER NOT NULL CHECK (canary IN (0, 1)),
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX remote_errors_by_time ON remote_errors (created_at);
  `,
];

/** Reports older than this are dropped: they are for watching a release, not an archive. */
export const RETENTION_DAYS = 14;

/** Keeps one report (and forgets those past the retention). */
export function recordRemoteError(db: DB, report: RemoteErrorReport, now: Date): void {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  db.transaction(() => {
    db.prepare('DELETE FROM remote_errors WHERE created_at < ?').run(cutoff);
    db.prepare(
      'INSERT INTO remote_errors (remote, release, kind, message, route, canary, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(report.remote, report.release, report.kind, report.message, report.route, report.canary ? 1 : 0, now.toISOString());
  })();
}

interface CountRow {
  remote: string;
  release: string;
  kind: RemoteErrorCount['kind'];
  count: number;
  last_at: string;
}

/** Failures per remote, release and kind since `since`, most frequent first. */
export function countRemoteErrors(db: DB, since: Date, remote?: string): RemoteErrorCount[] {
  return db
    .prepare<[string, string | null, string | null], CountRow>(
      `SELECT remote, release, kind, COUNT(*) AS count, MAX(created_at) AS last_at
         FROM remote_errors
        WHERE created_at >= ? AND (? IS NULL OR remote = ?)
        GROUP BY remote, release, kind
        ORDER BY count DESC, remote, release, kind`,
    )
    .all(since.toISOString(), remote ?? null, remote ?? null)
    .map((row) => ({ remote: row.remote, release: row.release, kind: row.kind, count: row.count, lastAt: row.last_at }));
}
