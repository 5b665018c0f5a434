import type Database from 'better-sqlite3';
import type { DB } from './database';

/**
 * Group commit of money changes (docs/decisions/095). Every money change a player or an
 * operator makes (a bet, a cash-out, a deposit's decision, a Video Karera bet) goes through
 * `moneyChange(db, change)`: changes that arrive in the same turn of the event loop are run
 * together in ONE `BEGIN IMMEDIATE … COMMIT`, each inside its own SAVEPOINT, so the group pays
 * for one durable commit (one fsync with `synchronous = FULL`) instead of one each.
 *
 * - A change that throws (insufficient balance, a closed game, a bad request) rolls back only
 *   its savepoint and its promise rejects with its own error; the others of the group commit.
 * - A promise resolves only after the group's COMMIT succeeded: no answer, no socket ack, no
 *   in-memory total is given for a change that is not on disk. A COMMIT that fails (or a
 *   SQLite error that ends the whole transaction) rolls the group back and rejects every change
 *   of it with GroupCommitError; the balances and the ledger are as before the group.
 * - A change runs synchronously inside its savepoint and reads what it wrote there (the new
 *   balance of its answer comes from inside it). Keep side effects outside the database
 *   (broadcasts, in-memory totals) after the `await`, where the change is committed.
 *
 * The group runs in one synchronous block, so nothing else in the process touches the
 * connection between its BEGIN and its COMMIT; other processes wait on SQLite's write lock as
 * before (busy timeout).
 */

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

export interface GroupCommitOptions {
  /** @default MAX_GROUP_CHANGES */
  maxChanges?: number;
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
  change: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const isThenable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** The group-commit queue of one connection. Use `moneyChange(db, …)`; construct one directly only in tests. */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private statements: Record<'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo', Database.Statement> | null = null;
  private readonly maxChanges: number;
  readonly stats: GroupCommitStats = { groups: 0, failedGroups: 0, changes: 0, refused: 0 };

  constructor(
    private readonly db: DB,
    options: GroupCommitOptions = {},
  ) {
    this.maxChanges = Math.max(1, options.maxChanges ?? MAX_GROUP_CHANGES);
  }

  /** Queues `change` for the next group; resolves with its result once the group is committed. */
  run<T>(change: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ change, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every request read in this turn's I/O joins the group.
    setImmediate(() => this.flush());
  }

  private prepared() {
    this.statements ??= {
      begin: this.db.prepare('BEGIN IMMEDIATE'),
      commit: this.db.prepare('COMMIT'),
      rollback: this.db.prepare('ROLLBACK'),
      savepoint: this.db.prepare('SAVEPOINT money_change'),
      release: this.db.prepare('RELEASE money_change'),
      rollbackTo: this.db.prepare('ROLLBACK TO money_change'),
    };
    return this.statements;
  }

  private flush(): void {
    this.scheduled = false;
    const group = this.queue.splice(0, this.maxChanges);
    if (this.queue.length > 0) this.schedule();
    if (group.length === 0) return;
    this.stats.groups += 1;
    this.stats.changes += group.length;

    let outcomes: Outcome[];
    try {
      outcomes = this.commitGroup(group);
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

  /** Runs the group in one transaction and commits it; throws (everything rolled back) when the group as a whole failed. */
  private commitGroup(group: readonly Pending[]): Outcome[] {
    const { db } = this;
    // A group is never nested in another transaction: its COMMIT is what makes the changes durable.
    if (db.inTransaction) throw new Error('a money change group cannot start inside an open transaction');
    const sql = this.prepared();
    sql.begin.run();
    try {
      const outcomes = group.map((pending): Outcome => {
        sql.savepoint.run();
        try {
          const value = pending.change();
          if (isThenable(value)) throw new TypeError('a money change is synchronous: pass a function that returns its result, not a Promise');
          sql.release.run();
          return { ok: true, value };
        } catch (error) {
          // Some SQLite errors (disk full, I/O) end the whole transaction: then nothing of the group is left.
          if (!db.inTransaction) throw error;
          sql.rollbackTo.run();
          sql.release.run();
          return { ok: false, error };
        }
      });
      sql.commit.run();
      return outcomes;
    } catch (error) {
      // A failed COMMIT leaves the transaction open (e.g. a deferred constraint): undo all of it.
      if (db.inTransaction) sql.rollback.run();
      throw error;
    }
  }
}

const groups = new WeakMap<DB, GroupCommit>();

/** The connection's one group-commit queue. */
export function groupCommitOf(db: DB): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group;
}

/**
 * Runs one money change (a synchronous function doing its reads, checks and writes) inside its
 * own savepoint of the next group commit; resolves with what it returned once the group is
 * durably committed, rejects with its own error (nothing of it written) or GroupCommitError.
 */
export function moneyChange<T>(db: DB, change: () => T): Promise<T> {
  return groupCommitOf(db).run(change);
}
