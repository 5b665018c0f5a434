import Database from 'better-sqlite3';
import { CashOutResponseSchema } from '@suwerte/shared/contracts';
import { toCentavos } from '@suwerte/shared/money';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientFundsError, balanceOf, ledgerSum, postEntry } from '../features/ledger/ledger';
import { newPlayer } from '../testing/players';
import { race } from '../testing/race';
import { createTestApp, type TestApp } from '../testing/test-app';
import { GroupCommit, GroupCommitError, groupCommitOf, moneyChange } from './group-commit';
import { PLAYER_ROLE, insertUser } from './users';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    // Sees only what is committed: WAL readers never see another connection's open transaction.
    extend(app, db) {
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.startsWith('/transaction/cashout/') && reply.statusCode === 201 && typeof payload === 'string') {
          const { _id: id } = JSON.parse(payload) as { _id: string };
          const reader = new Database(db.name, { readonly: true });
          try {
            const held = reader.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM ledger WHERE reference = ?').get(id)?.n ?? 0;
            committedWhenSent.push(held === 1);
          } finally {
            reader.close();
          }
        }
        return payload;
      });
    },
  });
  committedWhenSent = [];
});
afterEach(() => t.close());

let committedWhenSent: boolean[] = [];
let counter = 0;
function fundedUser(pesos: number): string {
  counter += 1;
  const id = insertUser(t.db, { username: `group${counter}`, passwordHash: 'x', role: PLAYER_ROLE, now: t.clock.now() }).id;
  if (pesos > 0) postEntry(t.db, { userId: id, amountCentavos: toCentavos(pesos), kind: 'deposit' });
  return id;
}
const debit = (userId: string, pesos: number) => () => postEntry(t.db, { userId, amountCentavos: -toCentavos(pesos), kind: 'bet' });
const ledgerRows = () => t.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM ledger').get()?.n ?? 0;

/** A deferred foreign key is checked at COMMIT: a change inserting a dangling row makes its group's COMMIT fail, as SQLite really does. */
function addCommitGuard(): void {
  t.db.exec(`CREATE TABLE IF NOT EXISTS commit_guard (user_id TEXT REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED)`);
}
const breakCommit = () => t.db.prepare(`INSERT INTO commit_guard (user_id) VALUES ('no such user')`).run();

describe('group commit of money changes', () => {
  it('runs the changes of one turn in one group; a change that throws rolls back alone and gets its own error', async () => {
    const group = new GroupCommit(t.db);
    const [a, b, c] = [fundedUser(100), fundedUser(100), fundedUser(100)];
    const results = await Promise.allSettled([
      group.run(debit(a, 30)),
      group.run(debit(b, 100.01)),
      group.run(() => {
        // Writes, then fails validation: its savepoint takes the write back.
        debit(c, 40)();
        throw new RangeError('not a valid bet');
      }),
      group.run(debit(c, 60)),
    ]);
    expect(group.stats).toEqual({ groups: 1, failedGroups: 0, changes: 4, refused: 2 });
    expect(results[0]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ balanceCentavos: 7_000 }) });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientFundsError) });
    expect(results[2]).toMatchObject({ status: 'rejected', reason: new RangeError('not a valid bet') });
    // The fourth change saw the third's rollback: it debited from 100, not from 60.
    expect(results[3]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ balanceCentavos: 4_000 }) });
    for (const [user, centavos] of [[a, 7_000], [b, 10_000], [c, 4_000]] as const) {
      expect(balanceOf(t.db, user)).toBe(centavos);
      expect(ledgerSum(t.db, user)).toBe(centavos);
    }
  });

  it('a COMMIT that fails rejects every change of the group and leaves balances and ledger as they were', async () => {
    addCommitGuard();
    const group = new GroupCommit(t.db);
    const [a, b] = [fundedUser(100), fundedUser(100)];
    const rowsBefore = ledgerRows();
    const results = await Promise.allSettled([
      group.run(debit(a, 10)),
      group.run(() => {
        debit(b, 20)();
        breakCommit();
      }),
      group.run(debit(b, 500)),
    ]);
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: expect.any(GroupCommitError) });
    expect(results[0]).toMatchObject({ reason: { groupSize: 3, cause: expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }) } });
    expect(group.stats).toMatchObject({ groups: 1, failedGroups: 1 });
    expect(t.db.inTransaction).toBe(false);
    expect(ledgerRows()).toBe(rowsBefore);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM commit_guard').get()).toEqual({ n: 0 });
    for (const user of [a, b]) {
      expect(balanceOf(t.db, user)).toBe(10_000);
      expect(ledgerSum(t.db, user)).toBe(10_000);
    }
    // The connection is fine: the next group commits.
    await expect(group.run(debit(a, 10))).resolves.toMatchObject({ balanceCentavos: 9_000 });
  });

  it('caps a group: more waiting changes form the next groups', async () => {
    const group = new GroupCommit(t.db, { maxChanges: 3 });
    const user = fundedUser(100);
    const balances = await Promise.all(Array.from({ length: 7 }, () => group.run(debit(user, 1))));
    expect(group.stats).toMatchObject({ groups: 3, changes: 7, failedGroups: 0 });
    expect(balances.map((posted) => posted.balanceCentavos)).toEqual([9_900, 9_800, 9_700, 9_600, 9_500, 9_400, 9_300]);
  });

  it('refuses a change that returns a promise (its work would escape its savepoint)', async () => {
    const user = fundedUser(10);
    await expect(moneyChange(t.db, async () => debit(user, 1)())).rejects.toThrow(/synchronous/);
    expect(balanceOf(t.db, user)).toBe(1_000);
  });

  it('200 concurrent debits of one player: exactly the affordable ones land, never below zero, balance = ledger sum', async () => {
    const user = fundedUser(1_000);
    const before = { ...groupCommitOf(t.db).stats };
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => moneyChange(t.db, debit(user, 7))));
    const ok = results.filter((result) => result.status === 'fulfilled');
    expect(ok).toHaveLength(142); // floor(1000 / 7)
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof InsufficientFundsError)).toHaveLength(58);
    expect(balanceOf(t.db, user)).toBe(600);
    expect(ledgerSum(t.db, user)).toBe(600);
    const lowest = t.db.prepare<[string], { low: number }>('SELECT MIN(balance_after_centavos) AS low FROM ledger WHERE user_id = ?').get(user);
    expect(lowest?.low).toBe(600);
    // They shared commits: far fewer groups than changes.
    expect(groupCommitOf(t.db).stats.groups - before.groups).toBeLessThan(10);
  });

  it('several processes, each grouping its own debits, cannot overdraw one account', async () => {
    const user = fundedUser(1_000);
    const results = await race(new URL('../testing/group-debit-race.worker.ts', import.meta.url), Array.from({ length: 4 }, () => [t.dbPath, user, '40', '1700']));
    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(results.reduce((sum, result) => sum + result.ok, 0)).toBe(58);
    expect(results.reduce((sum, result) => sum + result.refused, 0)).toBe(160 - 58);
    expect(balanceOf(t.db, user)).toBe(1_400);
    expect(ledgerSum(t.db, user)).toBe(1_400);
  });
});

describe('money endpoints answer after the commit', () => {
  const cashOut = (headers: { authorization: string }, pesos: number) =>
    t.app.inject({
      method: 'POST',
      url: '/transaction/cashout/instapay',
      headers,
      payload: { Amount: pesos, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
    });

  it('200 concurrent cash-outs of one player: 142 held and answered with their balance, 58 refused, each answer sent after its commit', async () => {
    const player = await newPlayer(t, 10_000);
    const responses = await Promise.all(Array.from({ length: 200 }, () => cashOut(player.headers, 70)));
    const held = responses.filter((response) => response.statusCode === 201);
    expect(held).toHaveLength(142);
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(58);
    for (const response of held) CashOutResponseSchema.parse(response.json());
    expect(balanceOf(t.db, player.id)).toBe(6_000);
    expect(ledgerSum(t.db, player.id)).toBe(6_000);
    // A second connection saw each held amount on disk when its answer was being sent.
    expect(committedWhenSent).toHaveLength(142);
    expect(committedWhenSent.every(Boolean)).toBe(true);
  });

  it('a group whose COMMIT fails answers 500 to each of its requests and holds nothing', async () => {
    addCommitGuard();
    const player = await newPlayer(t, 1_000);
    t.db.exec(`CREATE TRIGGER withdrawals_break_commit AFTER INSERT ON withdrawals BEGIN INSERT INTO commit_guard (user_id) VALUES ('no such user'); END`);
    const responses = await Promise.all(Array.from({ length: 3 }, () => cashOut(player.headers, 100)));
    expect(responses.map((response) => response.statusCode)).toEqual([500, 500, 500]);
    expect(committedWhenSent).toEqual([]);
    expect(balanceOf(t.db, player.id)).toBe(100_000);
    expect(ledgerSum(t.db, player.id)).toBe(100_000);
    expect(t.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?').get(player.id)?.n).toBe(0);

    t.db.exec('DROP TRIGGER withdrawals_break_commit');
    const response = await cashOut(player.headers, 100);
    expect(response.statusCode).toBe(201);
    expect(balanceOf(t.db, player.id)).toBe(90_000);
  });
});
