import { BET_STATUS, GAME_STATUS, JACKPOT_TEXTS } from '@suwerte/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyChange, transaction } from '../../db/money';
import { PLAYER_ROLE, createUser } from '../../db/users';
import { HttpError } from '../../lib/errors';
import { OVERTIME_PLAN } from '../../testing/sports';
import { openTestStore, TEST_ENGINE, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { setJackpot } from '../jackpot/jackpot';
import { appendEntry, readBalance, readLedgerSum } from '../ledger/ledger';
import { placeJackpotEntry, placeSportsBet } from './betting';
import { DEFAULT_SPORTS_TIMINGS } from './config';
import { sportsFeature } from './feature';
import { createSportsGame, endingIdOf, loadGame } from './games';
import { advanceGame } from './progression';

/** The per-slot limit, the game's forward-only rule and settlement on whichever engine the suite runs on (PostgreSQL with TEST_DATABASE_URL). */
describe(`sports on the store (${TEST_ENGINE})`, () => {
  let t: TestStore;
  const now = new Date('2026-06-10T02:00:00Z');
  const tipOff = new Date(now.getTime() + 3_600_000);

  beforeEach(async () => {
    t = await openTestStore([betsFeature, sportsFeature]);
    await setJackpot(t.store.db, { Minor: 1_000, Major: 2_000, Grand: 3_000 }, now);
  });
  afterEach(async () => {
    await t.close();
  });

  async function player(username: string, pesos: number): Promise<string> {
    const user = await createUser(t.store.db, { username, passwordHash: 'x', role: PLAYER_ROLE, now });
    await moneyChange(t.store, (q) => appendEntry(q, { userId: user.id, amountCentavos: pesos * 100, kind: 'deposit', at: now }));
    return user.id;
  }

  async function game(maxbetPesos: number) {
    for (const [id, acronym] of [
      ['t1', 'AAA'],
      ['t2', 'BBB'],
    ] as const) {
      await sql`INSERT INTO sports_teams (id, name, acronym, league, color, created_at) VALUES (${id}, ${acronym}, ${acronym}, 'PBA', '#000000', ${now.toISOString()})`.execute(t.store.db);
    }
    const team = (id: string, acronym: string) => ({ id, name: acronym, acronym, league: 'PBA', color: '#000000' });
    const id = await transaction(t.store, (q) =>
      createSportsGame(q, {
        team1: team('t1', 'AAA'),
        team2: team('t2', 'BBB'),
        schedule: tipOff,
        maxbetCentavos: maxbetPesos * 100,
        minbetCentavos: 1_000,
        plan: OVERTIME_PLAN,
        publicUrl: 'http://localhost:4000',
        now,
      }),
    );
    const loaded = await loadGame(t.store.db, id);
    if (!loaded) throw new Error('no game');
    return loaded;
  }

  const stakedOn = async (endingId: string, slot1: number, slot2: number, quarter: number) =>
    (
      await sql<{ staked_centavos: number }>`
        SELECT staked_centavos FROM sports_slot_stakes WHERE ending_id = ${endingId} AND slot1 = ${slot1} AND slot2 = ${slot2} AND quarter = ${quarter}`.execute(t.store.db)
    ).rows[0]?.staked_centavos ?? 0;

  it('never lets 200 concurrent bets on one slot exceed its maximum', async () => {
    const played = await game(2_000);
    const ending = endingIdOf(played);
    const players = [await player('p1', 10_000), await player('p2', 10_000)];
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        moneyChange(t.store, (q) => placeSportsBet(q, { userId: players[index % 2] ?? '', subGameId: ending, picks: [7, 7, 2], amountCentavos: 10_000, now })),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    expect(refused).toHaveLength(180);
    expect(refused.every((result) => result.reason instanceof HttpError && result.reason.message === JACKPOT_TEXTS.maximum)).toBe(true);
    expect(await stakedOn(ending, 7, 7, 2)).toBe(200_000);
    let balances = 0;
    for (const id of players) {
      expect(await readLedgerSum(t.store.db, id)).toBe(await readBalance(t.store.db, id));
      balances += await readBalance(t.store.db, id);
    }
    expect(balances).toBe(2_000_000 - 200_000);
  });

  it('holds the maximum for concurrent jackpot entries sharing a slot too', async () => {
    const played = await game(500);
    const ending = endingIdOf(played);
    const id = await player('p3', 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        moneyChange(t.store, (q) =>
          placeJackpotEntry(q, {
            userId: id,
            endingId: ending,
            kind: 'major',
            lines: [
              { slot1: 4, slot2: 4, quarter: 1, amountCentavos: 5_000 },
              { slot1: index % 10, slot2: 1, quarter: 2, amountCentavos: 1_000 },
              { slot1: index % 10, slot2: 2, quarter: 3, amountCentavos: 1_000 },
            ],
            now,
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(await stakedOn(ending, 4, 4, 1)).toBe(50_000);
    expect(await readBalance(t.store.db, id)).toBe(1_000_000 - 10 * (5_000 + 1_000 + 1_000 + 500));
    expect(await readLedgerSum(t.store.db, id)).toBe(await readBalance(t.store.db, id));
  });

  it('plays a period once and settles its bets once, whoever advances the game at the same time', async () => {
    const played = await game(2_000);
    const id = await player('p4', 1_000);
    const { betId } = await moneyChange(t.store, (q) => placeSportsBet(q, { userId: id, subGameId: endingIdOf(played), picks: [5, 2, 1], amountCentavos: 1_000, now }));
    const at = new Date(tipOff.getTime() + DEFAULT_SPORTS_TIMINGS.quarterMs + 1_000);
    const steps = await Promise.all(Array.from({ length: 4 }, () => advanceGame(t.store, played.row.id, at, { timings: DEFAULT_SPORTS_TIMINGS })));
    expect(steps.reduce((sum, count) => sum + count, 0)).toBe(2); // tip-off and the end of Q1, once
    const after = await loadGame(t.store.db, played.row.id);
    expect(after?.row.status).toBe(GAME_STATUS.Q2);
    expect(after?.periods).toHaveLength(1);
    const { rows } = await sql<{ status: number }>`SELECT status FROM bets WHERE id = ${betId}`.execute(t.store.db);
    expect(rows[0]?.status).toBe(BET_STATUS.WIN);
    expect(await readBalance(t.store.db, id)).toBe(100_000 - 1_000 + 70_000);
    expect(await readLedgerSum(t.store.db, id)).toBe(await readBalance(t.store.db, id));
  });

  it('the database refuses to move a game back or rewrite a finished period', async () => {
    const played = await game(2_000);
    await advanceGame(t.store, played.row.id, new Date(tipOff.getTime() + DEFAULT_SPORTS_TIMINGS.quarterMs + 1_000), { timings: DEFAULT_SPORTS_TIMINGS });
    const gameId = played.row.id;
    await expect(sql`UPDATE sports_games SET status = ${GAME_STATUS.Q1} WHERE id = ${gameId}`.execute(t.store.db)).rejects.toThrow(/only moves forward/);
    await expect(sql`UPDATE sports_games SET periods = '[]' WHERE id = ${gameId}`.execute(t.store.db)).rejects.toThrow(/only moves forward/);
    const rewritten = JSON.stringify([{ quarter: 1, Team1: 99, Team2: 0, first: 0 }]);
    await expect(sql`UPDATE sports_games SET periods = ${rewritten} WHERE id = ${gameId}`.execute(t.store.db)).rejects.toThrow(/only moves forward/);
    const extended = JSON.stringify([...((await loadGame(t.store.db, gameId))?.periods ?? []), { quarter: 2, Team1: 1, Team2: 1, first: 0 }]);
    await sql`UPDATE sports_games SET periods = ${extended} WHERE id = ${gameId}`.execute(t.store.db);
  });
});
