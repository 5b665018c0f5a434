import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB } from './database';
import type { Q, Tables } from './tables';

/**
 * The one async query layer (docs/decisions/120): every feature's SQL runs through Kysely on
 * one of two engines.
 * - **sqlite** (better-sqlite3): the embedded default of `npm start`, `npm run dev` and the tests;
 *   one connection, Kysely's mutex runs one query (or one transaction) at a time on it.
 * - **postgres** (pg): used when `DATABASE_URL` is a `postgres://` URL; a pool of connections,
 *   money changes lock the rows they move (db/money.ts).
 */
export type Engine = 'sqlite' | 'postgres';

export interface Store {
  readonly engine: Engine;
  readonly db: Kysely<Tables>;
  /** SQLite only: the better-sqlite3 handle under `db` (pragmas, `inTransaction`). */
  readonly sqlite: DB | null;
  /** Where the data lives, for logs (no password). */
  readonly description: string;
  /**
   * PostgreSQL only: how to open one more connection like the pool's (same server, database and
   * search_path) for a session of its own — the cluster's leader lock (cluster/election.ts).
   */
  readonly connectionConfig: pg.ClientConfig | null;
  /** Closes the pool or the SQLite handle (unless it was handed in already opened). */
  close(): Promise<void>;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** Numbers PostgreSQL sends as text: BIGINT (20), NUMERIC (1700, e.g. SUM of a BIGINT). All our values are integers within 2^53. */
const NUMERIC_OIDS = new Set([20, 1700]);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMERIC_OIDS.has(oid) && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /** The schema to work in (tests: one per app); default the role's search_path. */
  schema?: string;
  /** Pool size; default 10. */
  max?: number;
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

/** How long a call waits for a PostgreSQL connection before it fails (503). */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

export function openPostgresStore(url: string, options: PostgresOptions = {}): Store {
  const connectionConfig: pg.ClientConfig = { connectionString: url, ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}) };
  // A server that does not answer at all (a dropped network) fails a call after this long, as a
  // refused connection does at once: the API answers 503 instead of hanging (db/outage.ts).
  const pool = new pg.Pool({ ...connectionConfig, max: options.max ?? 10, types: pgTypes, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // So must a connection lost while a call holds it between two queries (pg emits the loss on the
  // client, where nothing listens while it is checked out): the call's next query fails instead
  // (503, db/outage.ts) and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    db,
    sqlite: null,
    description: redactUrl(url) + (options.schema ? ` (schema ${options.schema})` : ''),
    connectionConfig,
    close: () => db.destroy(),
  };
}

/** A SQLite store over a file path (':memory:' allowed) or an already opened handle (left open on close). */
export function openSqliteStore(database: string | DB): Store {
  const owns = typeof database === 'string';
  const handle = typeof database === 'string' ? openDatabase(database) : database;
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: handle }),
  });
  return {
    engine: 'sqlite',
    db,
    sqlite: handle,
    description: typeof database === 'string' ? database : handle.name,
    connectionConfig: null,
    async close() {
      // Kysely's destroy would close the handle; a handle handed in is its owner's to close.
      if (owns) await db.destroy();
    },
  };
}

/** `DATABASE_URL` (postgres://…) → PostgreSQL; anything else is a SQLite path. */
export function openStore(location: string, options: PostgresOptions = {}): Store {
  return isPostgresUrl(location) ? openPostgresStore(location, options) : openSqliteStore(location);
}

/** Whether `q` (a store's db, a transaction or a connection) runs on PostgreSQL. */
export function isPostgres(q: Q): boolean {
  return q.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * ` FOR NO KEY UPDATE` on PostgreSQL (lock the rows read until the transaction ends); nothing on
 * SQLite, whose writer holds the whole database. NO KEY: a row inserted with a foreign key to the
 * locked row (a bet, a withdrawal of the player) takes a KEY SHARE lock on it, which FOR UPDATE
 * would wait on — two changes of one player could deadlock; we never change a key.
 */
export function forUpdate(q: Q): RawBuilder<unknown> {
  return isPostgres(q) ? sql` FOR NO KEY UPDATE` : sql``;
}

/** Error codes of a unique-key violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
