import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../testing/test-store';
import { debit, fundedUser } from '../testing/money';
import { committedUsers, sqliteDataVersion } from './committed';
import { openDatabase } from './database';
import { moneyChange } from './money';
import type { UserRow } from './users';

// The direct reads of decision 123; the suite's PostgreSQL run leaves *.sqlite.test.ts out
// (there they are the query layer's own reads).
let t: TestStore;
beforeEach(async () => {
  t = await openTestStore([], { engine: 'sqlite' });
});
afterEach(() => t.close());

/** A money change that debits, then holds its group's transaction open until `release()`. */
function heldDebit(userId: string, centavos: number, outcome: 'commit' | 'fail') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const change = moneyChange(t.store, async (q) => {
    await debit(userId, centavos)(q);
    entered();
    await released;
    if (outcome === 'fail') throw new RangeError('refused after the debit');
  });
  return { inside, release, change };
}

const readUser = async (id: string, users = committedUsers(t.store)) => (await users.byId(id)).row;

describe('committedUsers (SQLite)', () => {
  it("never sees a money change's uncommitted balance: while a group is open it answers after the COMMIT", async () => {
    const id = await fundedUser(t.store, 10_000);
    const held = heldDebit(id, 3_000, 'commit');
    await held.inside;
    expect(t.store.sqlite?.inTransaction).toBe(true);
    let read: UserRow | undefined;
    const reading = readUser(id).then((row) => (read = row));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBeUndefined();
    held.release();
    await held.change;
    await reading;
    expect(read?.balance_centavos).toBe(7_000);
  });

  it('never shows a change that rolled back', async () => {
    const id = await fundedUser(t.store, 10_000);
    const held = heldDebit(id, 3_000, 'fail');
    await held.inside;
    const reading = readUser(id);
    held.release();
    await expect(held.change).rejects.toThrow('refused');
    expect((await reading)?.balance_centavos).toBe(10_000);
  });

  it('reads the row as it is between transactions, and nothing for an unknown id', async () => {
    const id = await fundedUser(t.store, 2_500);
    expect(await readUser(id)).toMatchObject({ id, balance_centavos: 2_500, role: 420, token_version: 0 });
    expect(await readUser('no-such-user')).toBeUndefined();
  });

  it('hands the same frozen row out while the data has not moved, with the version it is current at', async () => {
    const id = await fundedUser(t.store, 2_500);
    const users = committedUsers(t.store);
    const first = await users.byId(id);
    const again = await users.byId(id);
    expect(again.row).toBe(first.row);
    expect(again.version).toBe(first.version);
    expect(first.version).toBe(sqliteDataVersion(t.store)?.());
    expect(Object.isFrozen(first.row)).toBe(true);
  });

  it("reads the row again after any write of this process, and after another process's commit", async () => {
    const id = await fundedUser(t.store, 2_500);
    const users = committedUsers(t.store);
    await users.byId(id);
    await moneyChange(t.store, debit(id, 500));
    expect((await users.byId(id)).row?.balance_centavos).toBe(2_000);
    const other = openDatabase(t.location);
    other.prepare('UPDATE users SET role = 1, token_version = 7 WHERE id = ?').run(id);
    other.close();
    expect((await users.byId(id)).row).toMatchObject({ role: 1, token_version: 7 });
    const lone = await fundedUser(t.store, 0);
    expect((await users.byId(lone)).row).toBeDefined();
    const deleting = openDatabase(t.location);
    deleting.prepare('DELETE FROM users WHERE id = ?').run(lone);
    deleting.close();
    expect((await users.byId(lone)).row).toBeUndefined();
  });

  it('keeps nothing read while a transaction was open, and a bounded number of rows', async () => {
    const [a, b, c] = [await fundedUser(t.store, 100), await fundedUser(t.store, 200), await fundedUser(t.store, 300)];
    const users = committedUsers(t.store, 2);
    const held = heldDebit(a, 50, 'commit');
    await held.inside;
    const during = users.byId(a);
    held.release();
    await held.change;
    expect(await during).toMatchObject({ row: { balance_centavos: 50 }, version: undefined });
    const first = (await users.byId(a)).row;
    await users.byId(b);
    await users.byId(c);
    const again = (await users.byId(a)).row;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('committedUsers.byIdNow (SQLite): the same answer as byId, at once, or none', () => {
  it("answers between transactions as byId does, moving with this process's writes and another process's commits", async () => {
    const id = await fundedUser(t.store, 2_500);
    const users = committedUsers(t.store);
    const now = users.byIdNow(id);
    expect(now?.row).toMatchObject({ id, balance_centavos: 2_500 });
    expect(now?.version).toBe(sqliteDataVersion(t.store)?.());
    expect(await users.byId(id)).toEqual(now);
    await moneyChange(t.store, debit(id, 500));
    expect(users.byIdNow(id)?.row?.balance_centavos).toBe(2_000);
    const other = openDatabase(t.location);
    other.prepare('UPDATE users SET token_version = 9 WHERE id = ?').run(id);
    other.close();
    expect(users.byIdNow(id)?.row?.token_version).toBe(9);
    expect(users.byIdNow('no-such-user')).toEqual({ row: undefined, version: sqliteDataVersion(t.store)?.() });
  });

  it('gives no answer while a transaction is open (only a read after its COMMIT is committed), then the committed row', async () => {
    const id = await fundedUser(t.store, 100);
    const users = committedUsers(t.store);
    const held = heldDebit(id, 60, 'commit');
    await held.inside;
    expect(users.byIdNow(id)).toBeUndefined();
    held.release();
    await held.change;
    expect(users.byIdNow(id)?.row?.balance_centavos).toBe(40);
  });

  it('gives no answer on PostgreSQL (every read goes through the query layer)', () => {
    const users = committedUsers({ engine: 'postgres', sqlite: null, db: t.store.db } as unknown as typeof t.store);
    expect(users.byIdNow('anyone')).toBeUndefined();
  });
});

describe('sqliteDataVersion', () => {
  it("moves with this connection's writes and with another connection's commits, and not otherwise", async () => {
    const version = sqliteDataVersion(t.store);
    if (!version) throw new Error('a SQLite store has a data version');
    const before = version();
    expect(version()).toBe(before);
    const id = await fundedUser(t.store, 100);
    const afterOwnWrite = version();
    expect(afterOwnWrite).not.toBe(before);
    const other = openDatabase(t.location);
    other.prepare('UPDATE users SET fullname = ? WHERE id = ?').run('Juan', id);
    other.close();
    expect(version()).not.toBe(afterOwnWrite);
  });

  it('is null on PostgreSQL', () => {
    expect(sqliteDataVersion({ engine: 'postgres', sqlite: null } as unknown as TestStore['store'])).toBeNull();
  });
});
