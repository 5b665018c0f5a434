// The reads every request of the hot paths makes (docs/decisions/123), done on SQLite straight on
// the better-sqlite3 handle instead of through the query layer: a prepared statement costs a few
// microseconds, the query layer's build, compile and queue several times that.
//
// Safe only because of when they run. The handle is the one connection the query layer queues
// its work on, and a money-change group keeps a transaction open on it across awaits
// (db/money.ts): a direct read then would see that group's uncommitted changes. So a row is read
// directly only while no transaction is open on the handle — it is then exactly what is
// committed — and otherwise through the query layer, which runs it after that transaction.
// PostgreSQL always goes through the query layer.
import type { Store } from './store';
import type { SessionRow } from './sessions';
import { userById, type UserRow } from './users';

/**
 * SQLite: a text that changes whenever the data may have changed — this connection's writes
 * (`total_changes()`, which counts a statement as soon as it ran, committed or not) and other
 * connections' commits (`data_version`). PostgreSQL: null (no such cheap, connection-independent
 * counter; another node may write).
 */
export function sqliteDataVersion(store: Store): (() => string) | null {
  const handle = store.sqlite;
  if (store.engine !== 'sqlite' || !handle) return null;
  // Two statements, not one SELECT joining them: the pragma run as a table-valued function
  // costs about twice the plain pragma, and this runs on every request (12 µs → 6 µs measured
  // under load, docs/decisions/127).
  const changes = handle.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = handle.prepare<[], number>('PRAGMA data_version').pluck();
  return () => `${changes.get() ?? 0}:${dataVersion.get() ?? 0}`;
}

/** A row as committed, and the data version it is current at (SQLite; undefined on PostgreSQL). */
export interface CommittedRow<Row> {
  row: Row | undefined;
  version: string | undefined;
}

/** Rows of one table by id, as committed (see `committedRows`). */
export interface CommittedRows<Row> {
  /** The row as committed now: never a change still in an open transaction. */
  byId(id: string): Promise<CommittedRow<Row>>;
  /**
   * The same answer as `byId`, when it can be given at once: on SQLite between transactions (kept
   * or read straight from the handle). Undefined when only `byId` can answer (a transaction is
   * open, or PostgreSQL). Lets a request whose rows are readable now be checked without a promise.
   */
  byIdNow(id: string): CommittedRow<Row> | undefined;
}

/** About the accounts (and their sessions) active on a busy node; a forgotten one is only read again. */
export const USERS_KEPT = 10_000;

/**
 * Rows of `table` by id, as committed. On SQLite a row read between transactions is kept with the
 * data version it was read at, and handed out again (frozen) while the version has not moved — any
 * write of this process, committed or not, and any commit of another process moves it, so a kept
 * row is never older than the data. PostgreSQL: read every time, through `read`.
 */
function committedRows<Row extends object>(store: Store, table: 'users' | 'sessions', read: (id: string) => Promise<Row | undefined>, kept: number): CommittedRows<Row> {
  const handle = store.sqlite;
  const version = sqliteDataVersion(store);
  if (!handle || !version) return { byId: async (id) => ({ row: await read(id), version: undefined }), byIdNow: () => undefined };
  const statement = handle.prepare<[string], Row>(`SELECT * FROM ${table} WHERE id = ?`);
  const known = new Map<string, { row: Row | undefined; version: string }>();
  const byIdNow = (id: string): CommittedRow<Row> | undefined => {
    const now = version();
    const entry = known.get(id);
    if (entry && entry.version === now) return { row: entry.row, version: now };
    // A transaction is open on the connection: only a read after it, through the query layer, is committed.
    if (handle.inTransaction) return undefined;
    const row = statement.get(id);
    if (row) Object.freeze(row);
    if (known.size >= kept && !entry) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(id, { row, version: now });
    return { row, version: now };
  };
  return {
    byIdNow,
    // A transaction open on the connection: read after it, through the query layer (not kept).
    byId: async (id) => byIdNow(id) ?? { row: await read(id), version: undefined },
  };
}

/** Accounts by id, as committed (`committedRows`). */
export function committedUsers(store: Store, kept = USERS_KEPT): CommittedRows<UserRow> {
  return committedRows(store, 'users', (id) => userById(store.db, id), kept);
}

/** Sessions by id, as committed (`committedRows`): a logout on any node counts at once. */
export function committedSessions(store: Store, kept = USERS_KEPT): CommittedRows<SessionRow> {
  return committedRows(store, 'sessions', (id) => store.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(), kept);
}
