/**
 * Failures that are the database's state, not the request's: it cannot be reached, it refuses
 * writes (read-only), its disk is full, or it stayed busy past the wait. The API answers them
 * 503 with a message (lib/errors.ts) and the readiness check names them (features/health), on
 * both engines (docs/decisions/180).
 */
export type DatabaseProblem = 'unreachable' | 'read-only' | 'full' | 'busy';

/** Node's codes of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** What pg says when its connection ends or cannot be had in time (it gives these no code). */
const PG_CONNECTION_MESSAGES = [/^Connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i, /Client was closed/i];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database problem behind `error`, or null when it is something else (a bug, a bad request). */
export function databaseProblemOf(error: unknown): DatabaseProblem | null {
  if (!(error instanceof Error)) return null;
  const code = codeOf(error);
  if (code !== undefined) {
    // SQLite (better-sqlite3 gives the extended code, e.g. SQLITE_READONLY_DBMOVED).
    if (code.startsWith('SQLITE_READONLY')) return 'read-only';
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'full';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'unreachable';
    // PostgreSQL's SQLSTATE: read-only transaction, disk full, insufficient resources,
    // connection exceptions (class 08), the server shutting down or starting.
    if (code === '25006') return 'read-only';
    if (code === '53100') return 'full';
    if (code.startsWith('53')) return 'busy';
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable';
    if (CONNECTION_CODES.has(code)) return 'unreachable';
  }
  // pg's pool errors when the server went away mid-connection, or none could be had in time.
  if (PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return 'unreachable';
  // A connect that failed for every address at once (Node's AggregateError: ECONNREFUSED on ::1 and 127.0.0.1).
  if (error instanceof AggregateError && error.errors.some((inner) => databaseProblemOf(inner) === 'unreachable')) return 'unreachable';
  // Wrapped (a group commit that failed as a whole, db/money.ts): the cause decides.
  return error.cause === undefined || error.cause === error ? null : databaseProblemOf(error.cause);
}

/** The readiness check's reason, for an operator: what is wrong, and the code it came with (no addresses or paths). */
export function describeDatabaseProblem(problem: DatabaseProblem, error: unknown): string {
  const code = codeOf(error) ?? codeOf(error instanceof Error ? error.cause : undefined);
  const tail = code ? ` (${code})` : '';
  switch (problem) {
    case 'read-only':
      return `the database refuses writes: it is read-only${tail}`;
    case 'full':
      return `the database cannot write: its disk is full${tail}`;
    case 'busy':
      return `the database stayed busy and did not take the write${tail}`;
    case 'unreachable':
      return `the database does not answer${tail}`;
  }
}
