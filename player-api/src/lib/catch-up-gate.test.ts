import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { sqliteDataVersion } from '../db/committed';
import { openSqliteStore, type Store } from '../db/store';
import { createCatchUpGate, type NextDue } from './catch-up-gate';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catch-up-gate-'));
  store = openSqliteStore(join(dir, 'data.sqlite'));
  await sql`CREATE TABLE t (x INTEGER)`.execute(store.db);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24, 8, 0, 0, ms));
/** A catch-up that reports its next step at `next` (ms of the test's minute) and counts its runs. */
const catchUpReporting = (next: number | null) => vi.fn(async (): Promise<NextDue> => (next === null ? null : at(next).getTime()));

describe('createCatchUpGate (SQLite)', () => {
  it('skips the catch-up while the data has not changed and the next step is not due', async () => {
    const gate = createCatchUpGate(store);
    const catchUp = catchUpReporting(500);
    await gate.run(at(0), catchUp);
    await gate.run(at(100), catchUp);
    await gate.run(at(499), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(1);
    await gate.run(at(500), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it('runs it again after any write on the connection', async () => {
    const gate = createCatchUpGate(store);
    const catchUp = catchUpReporting(null);
    await gate.run(at(0), catchUp);
    await gate.run(at(1), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(1);
    await sql`INSERT INTO t VALUES (1)`.execute(store.db);
    await gate.run(at(2), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it("runs it again after another connection's commit (another process on the same file)", async () => {
    const gate = createCatchUpGate(store);
    const catchUp = catchUpReporting(null);
    await gate.run(at(0), catchUp);
    const other = openDatabase(join(dir, 'data.sqlite'));
    other.prepare('INSERT INTO t VALUES (2)').run();
    other.close();
    await gate.run(at(1), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it('runs it again when the clock went back, and after a catch-up that failed', async () => {
    const gate = createCatchUpGate(store);
    const catchUp = catchUpReporting(null);
    await gate.run(at(100), catchUp);
    await gate.run(at(50), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async (): Promise<NextDue> => {
      throw new Error('database busy');
    });
    await expect(gate.run(at(40), failing)).rejects.toThrow('busy');
    await gate.run(at(41), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(3);
  });

  it("does not trust a catch-up whose own writes moved the data: the next call looks again", async () => {
    const gate = createCatchUpGate(store);
    const writing = vi.fn(async (): Promise<NextDue> => {
      await sql`INSERT INTO t VALUES (3)`.execute(store.db);
      return null;
    });
    await gate.run(at(0), writing);
    const quiet = catchUpReporting(null);
    await gate.run(at(1), quiet);
    await gate.run(at(2), quiet);
    expect(quiet).toHaveBeenCalledTimes(1);
  });
});

describe('createCatchUpGate: one data version per request', () => {
  it("takes the request's version as the moment of its check, and hands back the one its next read may take", async () => {
    const version = sqliteDataVersion(store);
    if (!version) throw new Error('a SQLite store has a data version');
    const gate = createCatchUpGate(store);
    const writing = vi.fn(async (): Promise<NextDue> => {
      await sql`INSERT INTO t VALUES (4)`.execute(store.db);
      return null;
    });
    const seen = version();
    // It ran (and wrote): what follows must read after that write.
    const after = await gate.run(at(0), writing, seen);
    expect(after).not.toBe(seen);
    expect(after).toBe(version());
    // Nothing ran: the version checked is the one to go on with.
    const quiet = catchUpReporting(null);
    expect(await gate.run(at(1), quiet)).toBe(after);
    expect(await gate.run(at(2), quiet, after)).toBe(after);
    expect(quiet).toHaveBeenCalledTimes(1);
  });
});

describe('createCatchUpGate: skipping (what run would skip, told at once)', () => {
  it('names the version checked exactly when run would skip, and never runs the catch-up itself', async () => {
    const version = sqliteDataVersion(store);
    if (!version) throw new Error('a SQLite store has a data version');
    const gate = createCatchUpGate(store);
    expect(gate.skipping(at(0))).toBeUndefined();
    const catchUp = catchUpReporting(500);
    await gate.run(at(0), catchUp);
    expect(gate.skipping(at(1))).toBe(version());
    expect(gate.skipping(at(1), 'another version')).toBeUndefined();
    // Due (the next step's time), or the clock set back: run would run it.
    expect(gate.skipping(at(500))).toBeUndefined();
    expect(gate.skipping(new Date(at(0).getTime() - 1))).toBeUndefined();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it("stops skipping at this connection's next write and at another connection's commit", async () => {
    const gate = createCatchUpGate(store);
    await gate.run(at(0), catchUpReporting(null));
    expect(gate.skipping(at(1))).toBeDefined();
    await sql`INSERT INTO t VALUES (5)`.execute(store.db);
    expect(gate.skipping(at(2))).toBeUndefined();
    await gate.run(at(3), catchUpReporting(null));
    expect(gate.skipping(at(4))).toBeDefined();
    const other = openDatabase(join(dir, 'data.sqlite'));
    other.prepare('INSERT INTO t VALUES (6)').run();
    other.close();
    expect(gate.skipping(at(5))).toBeUndefined();
  });
});

describe('createCatchUpGate (PostgreSQL)', () => {
  it('runs the catch-up every time (another node may write)', async () => {
    const gate = createCatchUpGate({ engine: 'postgres', sqlite: null } as unknown as Store);
    const catchUp = catchUpReporting(null);
    for (const ms of [0, 1, 2]) await gate.run(at(ms), catchUp);
    expect(catchUp).toHaveBeenCalledTimes(3);
    expect(gate.skipping(at(3))).toBeUndefined();
  });
});
