// The two reads every request of the hot paths makes (docs/decisions/123), done on SQLite straight
// on the better-sqlite3 handle instead of through the query layer: a prepared statement costs a
// few microseconds, the query layer's build, compile and queue several times that.
//
// Safe only because of when they run. The handle is the one connection the query layer queues
// its work on, and a money-change group keeps a transaction open on it across awaits
// (db/money.ts): a direct read then would see that group's uncommitted changes. So a row is read
// directly only while no transaction is open on the handle — it is then exactly what is
// committed — and otherwise through the query layer, which runs it after that transaction.
// PostgreSQL always goes through the query layer.
import type { Store } from './store';
import { userById, type UserRow } from './users';

/**
 * SQLite: a number that moves whenever the data may have moved — this connection's writes
 * (`total_changes()`) and other connections' commits (`data_version`). PostgreSQL: null (no such
 * cheap, connection-independent counter; another node may write).
 */
export function sqliteDataVersion(store: Store): (() => string) | null {
  const handle = store.sqlite;
  if (store.engine !== 'sqlite' || !handle) return null;
  const statement = handle.prepare<[], { changes: number; version: number }>(
    'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version',
  );
  return () => {
    const row = statement.get();
    return `${row?.changes ?? 0}:${row?.version ?? 0}`;
  };
}

/** The user's row as committed: read directly when SQLite's connection is between transactions, else after the open one. */
export async function committedUserById(store: Store, id: string): Promise<UserRow | undefined> {
  const handle = store.sqlite;
  if (store.engine === 'sqlite' && handle && !handle.inTransaction) {
    return handle.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  }
  return userById(store.db, id);
}
