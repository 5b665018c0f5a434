import { sql } from 'kysely';
import type { Store } from './store';
import type { Q } from './tables';

/**
 * Money changes on the async query layer (docs/decisions/095 and 120). Every change of a
 * balance (a bet, a cash-out, a deposit's decision, a withdrawal, a Video Karera bet, a
 * settlement) runs as `moneyChange(store, async (q) => …)`: its reads, checks and writes on `q`,
 * in one database transaction, answered only after that transaction committed.
 *
 * - **SQLite**: group commit. Changes that arrive in the same turn of the event loop run in ONE
 *   `BEGIN IMMEDIATE … COMMIT` on the single connection, each in its own SAVEPOINT: a change that
 *   throws rolls back alone and rejects with its own error; a failed COMMIT rejects the whole
 *   group with GroupCommitError and leaves nothing of it. One fsync per group.
 * - **PostgreSQL**: one transaction per change on a pooled connection; the ledger locks the
 *   player's row (`SELECT … FOR UPDATE`) before reading the balance, so concurrent changes of
 *   one player queue on that row, on every node. A serialization failure or a deadlock is
 *   retried (the whole change runs again), up to a few times.
 *
 * Keep side effects outside the database (broadcasts, in-memory totals) after the `await`.
 */
export type MoneyChange<T> = (q: Q) => Promise<T>;

/** The most changes one group commits; more waiting changes form the next group, a turn later. */
export const MAX_GROUP_CHANGES = 256;

/** The change of a failed group: its COMMIT (or the transaction around it) failed, so it is not on disk. */
export class GroupCommitError extends Error {
  override name = 'GroupCommitError';
  constructor(
    /** How many changes the failed group held. */
    readonly groupSize: number,
    cause: unknown,
  ) {
    super(`A group of ${groupSize} money changes did not commit: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** What a queue has done since it was made (tests, metrics). */
export interface GroupCommitStats {
  /** Groups run (each one BEGIN IMMEDIATE … COMMIT or rollback). */
  groups: number;
  /** Groups whose COMMIT (or transaction) failed: every change of them was rejected. */
  failedGroups: number;
  /** Changes run in those groups. */
  changes: number;
  /** Changes whose own savepoint failed (rolled back alone, their group committed). */
  refused: number;
}


interface Pending {
  change: MoneyChange<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The group-commit queue of one SQLite store. */
export class SqliteGroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  readonly stats: GroupCommitStats = { groups: 0, failedGroups: 0, changes: 0, refused: 0 };

  constructor(
    private readonly store: Store,
    private readonly maxChanges = MAX_GROUP_CHANGES,
  ) {}

  run<T>(change: MoneyChange<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ change: change as MoneyChange<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate, not a microtask: every request read in this turn's I/O joins the group.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const group = this.queue.splice(0, this.maxChanges);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    if (group.length === 0) return;
    this.stats.groups += 1;
    this.stats.changes += group.length;
    let outcomes: Outcome[];
    try {
      outcomes = await this.commitGroup(group);
    } catch (error) {
      const failure = new GroupCommitError(group.length, error);
      this.stats.failedGroups += 1;
      for (const pending of group) pending.reject(failure);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const pending = group[index];
      if (!pending) return;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
    this.stats.refused += outcomes.filter((outcome) => !outcome.ok).length;
  }

  private commitGroup(group: readonly Pending[]): Promise<Outcome[]> {
    const handle = this.store.sqlite;
    if (!handle) throw new Error('group commit is for SQLite stores');
    // The connection is held for the whole group: nothing else runs SQL on it in between.
    return this.store.db.connection().execute(async (q) => {
      if (handle.inTransaction) throw new Error('a money change group cannot start inside an open transaction');
      await sql`BEGIN IMMEDIATE`.execute(q);
      try {
        const outcomes: Outcome[] = [];
        for (const pending of group) {
          await sql`SAVEPOINT money_change`.execute(q);
          try {
            const value = await pending.change(q);
            await sql`RELEASE money_change`.execute(q);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Some SQLite errors (disk full, I/O) end the whole transaction: then nothing of the group is left.
            if (!handle.inTransaction) throw error;
            await sql`ROLLBACK TO money_change`.execute(q);
            await sql`RELEASE money_change`.execute(q);
            outcomes.push({ ok: false, error });
          }
        }
        await sql`COMMIT`.execute(q);
        return outcomes;
      } catch (error) {
        // A failed COMMIT leaves the transaction open (e.g. a deferred constraint): undo all of it.
        if (handle.inTransaction) await sql`ROLLBACK`.execute(q);
        throw error;
      }
    });
  }
}

const groups = new WeakMap<Store, SqliteGroupCommit>();

export function sqliteGroupCommitOf(store: Store): SqliteGroupCommit {
  let group = groups.get(store);
  if (!group) {
    group = new SqliteGroupCommit(store);
    groups.set(store, group);
  }
  return group;
}

/** PostgreSQL errors after which running the whole transaction again is right. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const PG_ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  return error instanceof Error && 'code' in error && RETRYABLE_CODES.has(String((error as { code?: unknown }).code));
}

/**
 * Runs one money change in its own transaction (a savepoint of a group commit on SQLite);
 * resolves with its result once committed, rejects with its own error (nothing of it written)
 * or GroupCommitError.
 */
export function moneyChange<T>(store: Store, change: MoneyChange<T>): Promise<T> {
  if (store.engine === 'sqlite') return sqliteGroupCommitOf(store).run(change);
  return transaction(store, change);
}

/**
 * One transaction that is not a player's money change (an operator tool, a settlement run, a
 * seed): `BEGIN IMMEDIATE` on SQLite (no upgrade deadlock between processes), a pooled
 * connection on PostgreSQL, retried there on a serialization failure or deadlock.
 */
export async function transaction<T>(store: Store, work: MoneyChange<T>): Promise<T> {
  if (store.engine === 'sqlite') {
    const handle = store.sqlite;
    return store.db.connection().execute(async (q) => {
      // Already inside one on this connection (a legacy synchronous caller): join it.
      if (handle?.inTransaction) return work(q);
      await sql`BEGIN IMMEDIATE`.execute(q);
      try {
        const value = await work(q);
        await sql`COMMIT`.execute(q);
        return value;
      } catch (error) {
        if (handle?.inTransaction) await sql`ROLLBACK`.execute(q);
        throw error;
      }
    });
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await store.db.transaction().execute(work);
    } catch (error) {
      if (attempt >= PG_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
