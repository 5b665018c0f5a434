import { BET_STATUS, KARERA_ALERTS, type KareraBetSuccessful, type KareraSide } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyChange, transaction } from '../../db/money';
import type { Store } from '../../db/store';
import { fundedUser } from '../../testing/money';
import { openTestStore, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { readBalance, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import type { KareraTimings } from './config';
import { kareraFeature } from './feature';
import { KareraGame, type KareraBetAnswer } from './game';
import { betsOfRound, openRound, openRounds, recordBet } from './rounds';

/**
 * Two game nodes on one database (as two API processes on one PostgreSQL): the leader runs the
 * rounds, bets go through either, each node tells the others its bets (here directly; between
 * processes socket.io's serverSideEmit over Redis). When the leader goes away another node
 * takes the lead and continues the same round from the database.
 */

interface Broadcast {
  node: string;
  event: string;
  payload: unknown;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Every broadcast of every node, in order, with a wait that has a deadline. */
class Broadcasts {
  readonly seen: Broadcast[] = [];
  private waiters: (() => void)[] = [];

  push(entry: Broadcast): void {
    this.seen.push(entry);
    for (const wake of this.waiters.splice(0)) wake();
  }

  get mark(): number {
    return this.seen.length;
  }

  async next<T>(event: string, { from = 0, node, where = () => true, timeoutMs = 5_000 }: { from?: number; node?: string; where?: (payload: T) => boolean; timeoutMs?: number } = {}): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.seen.slice(from).find((entry) => entry.event === event && (node === undefined || entry.node === node) && where(entry.payload as T));
      if (found) return found.payload as T;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event} within ${timeoutMs} ms; saw ${this.seen.map((entry) => `${entry.node}:${entry.event}`).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

describe(`Video Karera rounds across nodes on ${TEST_ENGINE}`, () => {
  let t: TestStore;
  let store: Store;
  let broadcasts: Broadcasts;
  const games: KareraGame[] = [];

  beforeEach(async () => {
    t = await openTestStore([betsFeature, kareraFeature]);
    store = t.store;
    broadcasts = new Broadcasts();
  });
  afterEach(async () => {
    for (const game of games.splice(0)) await game.stop('handover');
    await t.close();
  });

  /** A node's game: shared, continuing rounds; its bets are told to every other node. */
  function node(name: string, timings: KareraTimings, drawWinner?: () => KareraSide): KareraGame {
    const game = new KareraGame({
      store,
      now: () => new Date(),
      timings,
      broadcast: (event, payload) => broadcasts.push({ node: name, event, payload }),
      log: silent,
      shared: true,
      continueRounds: true,
      tellOtherNodes: (notice) => {
        for (const other of games) if (other !== game) other.countBetOfAnotherNode(notice);
      },
      ...(drawWinner ? { drawWinner } : {}),
    });
    games.push(game);
    return game;
  }

  const player = (id: string) => ({ id, username: id });
  const accepted = (answer: KareraBetAnswer): KareraBetSuccessful => {
    if (answer.event !== 'betsuccessful') throw new Error(`bet refused: ${answer.payload.message}`);
    return answer.payload;
  };

  /** Every bet of the round settled once: one stake debit, one credit when it paid, balance = ledger sum. */
  async function expectSettledOnce(roundId: string, userIds: string[]): Promise<void> {
    const bets = await store.db.selectFrom('bets').select(['id', 'status', 'payout_centavos']).where('game_id', '=', roundId).execute();
    for (const bet of bets) {
      expect(bet.status).not.toBe(BET_STATUS.ONGOING);
      const entries = await readEntriesByReference(store.db, bet.id);
      const credits = entries.filter((entry) => entry.amountCentavos > 0);
      expect(entries.filter((entry) => entry.amountCentavos < 0)).toHaveLength(1);
      expect(credits).toHaveLength(bet.payout_centavos > 0 ? 1 : 0);
      if (bet.payout_centavos > 0) expect(credits[0]?.amountCentavos).toBe(bet.payout_centavos);
    }
    for (const id of userIds) expect(await readLedgerSum(store.db, id)).toBe(await readBalance(store.db, id));
  }

  it('hands a round over: the next leader continues the same round, bets taken on every node meanwhile are settled once', async () => {
    const a = node('A', { bettingMs: 1_000, closedMs: 200, resultMs: 200 });
    const b = node('B', { bettingMs: 300, closedMs: 200, resultMs: 200 }, () => 1);
    const [ana, ben, cai] = await Promise.all([fundedUser(store, 100_000), fundedUser(store, 100_000), fundedUser(store, 100_000)]);

    await a.start();
    const { roundId } = await broadcasts.next<{ roundId: string }>('startbetting', { node: 'A' });
    // Through the leader and through a follower: both into the leader's round, acknowledged once committed.
    const atA = accepted(await a.bet(player(ana), { bet: 1, Amount: 100 }));
    const atB = accepted(await b.bet(player(ben), { bet: 2, Amount: 50 }));
    expect([atA.roundId, atB.roundId]).toEqual([roundId, roundId]);
    expect(atB.Balance).toBe(950);
    // The leader counts the follower's bet in the totals it broadcasts.
    await broadcasts.next<number[]>('totalbet', { node: 'A', where: (totals) => totals[0] === 100 && totals[1] === 50 });

    const handedOver = broadcasts.mark;
    await a.stop('handover');
    expect(broadcasts.seen.slice(handedOver).map((entry) => entry.event)).toEqual([]);
    expect((await openRounds(store.db)).map((round) => [round.id, round.phase])).toEqual([[roundId, 'betting']]);
    // No leader for a moment: the database still says betting, so a bet is still taken.
    const between = accepted(await a.bet(player(cai), { bet: 2, Amount: 25 }));
    expect(between.roundId).toBe(roundId);

    await b.start();
    // The same round: its totals recounted from the bets table, then closed, settled and a new round.
    await broadcasts.next<number[]>('totalbet', { node: 'B', from: handedOver, where: (totals) => totals[0] === 100 && totals[1] === 75 });
    await broadcasts.next('bettingclose', { node: 'B', where: (close: { roundId: string }) => close.roundId === roundId });
    const closed = await Promise.all([b.bet(player(ben), { bet: 1, Amount: 10 }), a.bet(player(cai), { bet: 1, Amount: 10 })]);
    expect(closed.map((answer) => answer.payload)).toEqual([{ message: KARERA_ALERTS.bettingClosed }, { message: KARERA_ALERTS.bettingClosed }]);
    await broadcasts.next('DeclareWinner', { node: 'B', where: (declared: { roundId: string }) => declared.roundId === roundId });
    await broadcasts.next('startbetting', { node: 'B', where: (start: { roundId: string }) => start.roundId !== roundId });

    expect(broadcasts.seen.filter((entry) => entry.event === 'startbetting' || entry.event === 'stopbetting').map((entry) => entry.node)).toEqual(['A', 'B']);
    expect((await betsOfRound(store.db, roundId)).map((bet) => bet.id).sort()).toEqual([atA.betId, atB.betId, between.betId].sort());
    await expectSettledOnce(roundId, [ana, ben, cai]);
    // UNO won: ₱100 + ₱100 × 75/100 − ₱10 = ₱165 to ana; ben and cai lost.
    expect(await readBalance(store.db, ana)).toBe(100_000 - 10_000 + 16_500);
    expect(await readBalance(store.db, ben)).toBe(100_000 - 5_000);
    expect(await readBalance(store.db, cai)).toBe(100_000 - 2_500);
  });

  it('continues a round whose leader vanished mid-race: betting long closed, it is settled at once, its bets once', async () => {
    const ana = await fundedUser(store, 50_000);
    const a = node('A', { bettingMs: 200, closedMs: 60_000, resultMs: 200 });
    await a.start();
    const { roundId } = await broadcasts.next<{ roundId: string }>('startbetting', { node: 'A' });
    const placed = accepted(await a.bet(player(ana), { bet: 2, Amount: 300 }));
    await broadcasts.next('bettingclose', { node: 'A', where: (close: { roundId: string }) => close.roundId === roundId });
    // A vanishes mid-race (its timers gone, nothing written); the race was to end long ago.
    await a.stop('handover');
    await store.db.updateTable('karera_rounds').set({ phase_ends_at: new Date(Date.now() - 1_000).toISOString() }).where('game_id', '=', roundId).execute();
    const b = node('B', { bettingMs: 300, closedMs: 200, resultMs: 200 }, () => 2);
    const from = broadcasts.mark;
    await b.start();
    await broadcasts.next('DeclareWinner', { node: 'B', from, where: (declared: { roundId: string; winner: string }) => declared.roundId === roundId && declared.winner === 'DOS' });
    expect(broadcasts.seen.slice(from).some((entry) => entry.event === 'bettingclose')).toBe(false);
    // Nobody on UNO: the stake comes back in full, once.
    expect(await store.db.selectFrom('bets').select(['status', 'payout_centavos']).where('id', '=', placed.betId).executeTakeFirst()).toEqual({
      status: BET_STATUS.RETURN,
      payout_centavos: 30_000,
    });
    await expectSettledOnce(roundId, [ana]);
    expect(await readBalance(store.db, ana)).toBe(50_000);
  });

  it('continues the newest of several rounds left open and voids the older ones, stakes returned', async () => {
    const ana = await fundedUser(store, 10_000);
    const now = new Date();
    const older = await transaction(store, (q) => openRound(q, now));
    const lost = await moneyChange(store, (q) => recordBet(q, { roundId: older, userId: ana, side: 1, stakeCentavos: 1_000, now }));
    const newest = await transaction(store, (q) => openRound(q, now, { bettingEndsAt: new Date(Date.now() + 60_000) }));
    const b = node('B', { bettingMs: 300, closedMs: 200, resultMs: 200 });
    await b.start();
    expect((await openRounds(store.db)).map((round) => round.id)).toEqual([newest]);
    expect(await store.db.selectFrom('bets').select(['status', 'payout_centavos']).where('id', '=', lost.betId).executeTakeFirst()).toEqual({
      status: BET_STATUS.RETURN,
      payout_centavos: 1_000,
    });
    expect(await readBalance(store.db, ana)).toBe(10_000);
    // The newest is still betting (its minute has not passed): a bet through any node goes into it.
    expect(accepted(await b.bet(player(ana), { bet: 1, Amount: 10 })).roundId).toBe(newest);
  });

  it('opens one round between two leaders that overlap for a moment', async () => {
    const a = node('A', { bettingMs: 60_000, closedMs: 200, resultMs: 200 });
    const b = node('B', { bettingMs: 60_000, closedMs: 200, resultMs: 200 });
    await Promise.all([a.start(), b.start()]);
    const open = await openRounds(store.db);
    expect(open).toHaveLength(1);
    // Each carries the same round (the second adopted the first's).
    const ana = await fundedUser(store, 10_000);
    expect(accepted(await a.bet(player(ana), { bet: 1, Amount: 10 })).roundId).toBe(open[0]?.id);
    expect(accepted(await b.bet(player(ana), { bet: 2, Amount: 10 })).roundId).toBe(open[0]?.id);
  });
});
