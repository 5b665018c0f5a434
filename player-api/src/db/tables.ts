import type { Kysely, Transaction } from 'kysely';

/**
 * The tables the query layer knows, one interface per table (column → TypeScript type).
 * Each feature adds its own tables by declaration merging, next to its SQL:
 *
 *   declare module '../../db/tables' { interface Tables { bets: BetsTable } }
 *
 * Columns are the same on both engines: text timestamps (ISO 8601), integer centavos, integer
 * flags. PostgreSQL BIGINT and NUMERIC come back as numbers (db/store.ts), as SQLite's do.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Tables {}

/** Something SQL runs on: the store's Kysely instance, a transaction of it, or one connection. */
export type Q = Kysely<Tables>;
export type Tx = Transaction<Tables>;
