import { BETTING_CLOSED, BETTING_IN_PLAY, BETTING_OPEN, BET_STATUS, BetHistorySchema, GAME_STATUS, JACKPOT_TEXTS, SPORTS_TEXTS, TransactionHistorySchema, type ScheduledGame, describeCall, endpointSearch, safeParseResponse, sportsEndpoints, type AnyEndpoint, type EndpointInput } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { JACKPOT_SEED } from '../seed/seed';
import { race } from '../../testing/race';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { OVERTIME_MS, QUARTER_MS, REGULATION_PLAN, createPlayer, createTestGame, moveToMinutesAfterTipOff, type TestPlayer } from '../../testing/sports';
import { sql } from 'kysely';
import { readBalance, readLedgerSum } from '../ledger/ledger';
import { ensureDemoSlate } from './demo';
import { DEFAULT_SPORTS_TIMINGS } from './config';

let t: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

beforeEach(async ({ task }) => {
  // Tokens outlive the hours these tests move the clock through. The schedule's tests read the
  // demo slate; the others make the games they bet on.
  t = await createTestApp({ tokenTtlSeconds: 7 * 86_400, demoSlate: task.suite?.name === 'the schedule' });
  alice = await createPlayer(t, 'alicebettor', 10_000);
  bob = await createPlayer(t, 'bobbettor', 10_000);
});
afterEach(() => t.close());

/** Calls an endpoint of the table through the app, returning status and parsed body. */
async function call<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, player?: TestPlayer) {
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  const response = await t.app.inject({
    method: endpoint.method,
    url: `${describeCall(endpoint, params).slice(endpoint.method.length + 1)}${endpointSearch(query)}`,
    ...(player ? { headers: player.headers } : {}),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const json: unknown = response.body ? response.json() : null;
  if (response.statusCode === endpoint.status) {
    const parsed = safeParseResponse(endpoint, json);
    if (!parsed.success) throw new Error(`${endpoint.id}: answer breaks the contract: ${parsed.error.message}`);
    return { status: response.statusCode, data: parsed.data, message: null };
  }
  return { status: response.statusCode, data: null, message: (json as { message?: string } | null)?.message ?? null };
}

const pesos = async (player: TestPlayer) => (await readBalance(t.store.db, player.id)) / 100;
const ledgerSum = (userId: string) => readLedgerSum(t.store.db, userId);
const balanceOf = (userId: string) => readBalance(t.store.db, userId);
const line = (jackpot: 1 | 2, quarter: number, slot1: number, slot2: number, Amount = 10) => ({ Amount, jackpot, slot1, slot2, quarter, max: 2000 });
const grandLine = (quarter: number, slot1: number, slot2: number, Amount = 10) => ({ Amount, jackpot: 3 as const, slot1, slot2, quarter });
/** The Grand's Q4 line: its Amount is the ₱5 attendance. */
const grandJackpotLine = (slot1: number, slot2: number) => ({ Amount: 5 as const, jackpot: 3 as const, slot1, slot2, quarter: 4 });

async function refresh(game: ScheduledGame, player: TestPlayer = alice): Promise<ScheduledGame> {
  const answer = await call(sportsEndpoints.game, { params: { id: game._id } }, player);
  if (!answer.data) throw new Error(`GET /schedule/${game._id}: ${answer.status} ${answer.message}`);
  return answer.data;
}

async function bet(game: ScheduledGame, subGameId: string, picks: number[], Amount: number, player: TestPlayer = alice) {
  return call(sportsEndpoints.placeSportsBet, { params: { id: subGameId }, body: { BetDetails: [picks], Amount } }, player);
}

describe('the schedule', () => {
  it('is public, has games in every state, and one game needs a token', async () => {
    const list = await call(sportsEndpoints.schedule, {});
    expect(list.status).toBe(200);
    const statuses = new Set(list.data?.map((game) => game.Status));
    for (const status of [GAME_STATUS.SCHEDULED, GAME_STATUS.Q1, GAME_STATUS.Q2, GAME_STATUS.Q3, GAME_STATUS.Q4, GAME_STATUS.OT1, GAME_STATUS.COMPLETED]) {
      expect(statuses).toContain(status);
    }
    const open = list.data?.filter((game) => game.EndingBettingStatus === 1 && Date.parse(game.Schedule) > t.clock.now().getTime()) ?? [];
    expect(open.length).toBeGreaterThanOrEqual(4);
    // The Ending's BettingStatus (the Grand's rule, decision 191): 1 before tip-off, 2 in play
    // (quarters or the overtime still to bet on), 0 once the Ending market has closed.
    const expected = (game: ScheduledGame) =>
      game.Status === GAME_STATUS.SCHEDULED ? BETTING_OPEN : game.Status <= GAME_STATUS.Q4 ? BETTING_IN_PLAY : BETTING_CLOSED;
    expect(list.data?.map((game) => [game.Status, game.Ending.BettingStatus])).toEqual(list.data?.map((game) => [game.Status, expected(game)]));
    const first = list.data?.[0];
    if (!first) throw new Error('no games');
    expect((await call(sportsEndpoints.game, { params: { id: first._id } })).status).toBe(401);
    expect((await call(sportsEndpoints.game, { params: { id: first._id } }, alice)).data?._id).toBe(first._id);
    expect((await call(sportsEndpoints.game, { params: { id: 'f'.repeat(24) } }, alice)).status).toBe(404);
    expect((await call(sportsEndpoints.finishedGames, {})).status).toBe(401);
    const finished = await call(sportsEndpoints.finishedGames, {}, alice);
    expect(finished.data?.length).toBeGreaterThanOrEqual(3);
    expect(finished.data?.every((game) => game.Status === GAME_STATUS.COMPLETED && game.Ending.ResultId.length >= 4)).toBe(true);
  });

  it('is sent from its answer cache as the same JSON, with its type and byte length, to every caller', async () => {
    const first = await t.app.inject({ url: '/schedule' });
    const second = await t.app.inject({ url: '/schedule' });
    expect(second.body).toBe(first.body);
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(safeParseResponse(sportsEndpoints.schedule, answer.json()).success).toBe(true);
    }
  });

  it('serves the demo logos, to pages on other origins too', async () => {
    const game = await createTestGame(t);
    const logo = await t.app.inject({ url: new URL(game.Team1.ImageLink).pathname });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain(game.Team1.Acronym);
    // The site's pages are on another origin than the API: helmet's default same-origin would block the <img>.
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject({ url: '/sports/logos/NOPE.svg' })).statusCode).toBe(404);
  });

  it('keeps the demo slate idempotent across restarts', async () => {
    const count = async () => (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM sports_games`.execute(t.store.db)).rows[0]?.n;
    const before = await count();
    expect(await ensureDemoSlate(t.store, { now: t.clock.now(), publicUrl: 'http://x', timings: DEFAULT_SPORTS_TIMINGS })).toBe(0);
    // A restart over the same database: the seed and the slate find everything in place.
    const restarted = await buildApp({ mode: 'demo', database: t.store, jwtSecret: 'x'.repeat(40), now: t.clock.now });
    await restarted.close();
    expect(await count()).toBe(before);
  });
});

describe('progression and settlement of every game kind', () => {
  it('plays the quarters, closes betting by the spec’s rules, draws results and settles every bet on the ledger', async () => {
    let game = await createTestGame(t);
    const start = await pesos(alice);
    const ending = game.Ending._id;
    const sub = (key: 'Endingwq' | 'Endingwqr' | 'FTTS' | 'OddEven' | 'Teambetting') => {
      const id = game[key]?._id;
      if (!id) throw new Error(`no ${key}`);
      return id;
    };

    // Before tip-off: the Ending's BettingStatus is 1, the Grand's rule "open" (decision 191).
    expect([game.Status, game.EndingBettingStatus, game.Ending.BettingStatus]).toEqual([GAME_STATUS.SCHEDULED, 1, BETTING_OPEN]);
    // Before tip-off: every kind of bet (plan: 25-22, 43-49, 73-69, 93-93, OT 103-100).
    const placed = [
      await bet(game, ending, [5, 2, 1], 100), // regular, wins 70×
      await bet(game, ending, [1, 1, 2], 100), // regular, loses
      await bet(game, ending, [3, 0, 5], 50), // overtime, wins 70×
      await bet(game, sub('Endingwq'), [8, 7, 2], 20), // quarter prize, wins 70×
      await bet(game, sub('Endingwqr'), [7, 8, 2], 20), // reverse, wins 35×
      await bet(game, sub('Endingwqr'), [0, 0, 3], 20), // reverse exact, wins 70×
      await bet(game, sub('OddEven'), [0, 1], 100), // odd Q1, wins 1.9×
      await bet(game, sub('OddEven'), [0, 3], 100), // odd Q3, loses
      await bet(game, sub('FTTS'), [1, 2], 100), // Team 2 first in Q2, wins 1.9×
      await bet(game, sub('Teambetting'), [0, 0], 100), // Team 1 wins, 1.9×
      await bet(game, sub('Teambetting'), [0, 5], 100), // Team 1 by more than 5: loses
    ];
    expect(placed.map((answer) => answer.status)).toEqual(Array(placed.length).fill(201));
    const minor = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(1, 1, 5, 2), line(1, 2, 3, 9, 20)] } }, alice);
    const major = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 1, 5, 2), line(2, 2, 0, 0), line(2, 3, 3, 9)] } }, alice);
    const grand = await call(
      sportsEndpoints.placeGrandBet,
      { body: { GameId: ending, bets: [grandLine(1, 5, 2), grandLine(2, 3, 9), grandLine(3, 3, 9), grandJackpotLine(3, 3)] } },
      alice,
    );
    expect([minor.status, major.status, grand.status]).toEqual([201, 201, 201]);
    expect(grand.data?.bet).toMatchObject({ Amount: 10, Amounttwo: 10, Amountthree: 10, BetDetails: [[5, 2, 1, 3, 9, 2, 3, 9, 3, 3, 3, 4]] });
    const stakes = 100 + 100 + 50 + 20 + 20 + 20 + 100 + 100 + 100 + 100 + 100 + 30 + 30 + 30;
    const attendance = 3 * 5;
    expect(await pesos(alice)).toBe(start - stakes - attendance);
    expect(grand.data?.Balance).toBe(start - stakes - attendance);
    const [pools] = (await t.app.inject({ url: '/jackpot' })).json() as [{ Grand: number }];
    expect(pools.Grand).toBe(JACKPOT_SEED.Grand + attendance);

    // Q1 in play: the Ending's BettingStatus leaves 1, so the Grand closes by the spec's field;
    // Major still takes quarters 2–3, a Q1 bet is refused.
    moveToMinutesAfterTipOff(t, game, 1);
    game = await refresh(game);
    expect([game.Status, game.EndingBettingStatus, game.Ending.BettingStatus]).toEqual([1, 2, BETTING_IN_PLAY]);
    const lateGrand = await call(
      sportsEndpoints.placeGrandBet,
      { body: { GameId: ending, bets: [grandLine(1, 1, 1), grandLine(2, 1, 1), grandLine(3, 1, 1), grandJackpotLine(1, 1)] } },
      alice,
    );
    expect([lateGrand.status, lateGrand.message]).toEqual([409, JACKPOT_TEXTS.grandClosed]);
    expect((await bet(game, ending, [1, 1, 1], 10)).message).toBe(SPORTS_TEXTS.quarterClosed);
    expect((await bet(game, sub('Teambetting'), [1, 0], 10)).message).toBe(SPORTS_TEXTS.gameClosed);
    const q1Major = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 1, 1, 1), line(2, 2, 1, 1), line(2, 3, 1, 1)] } }, alice);
    expect([q1Major.status, q1Major.message]).toEqual([409, SPORTS_TEXTS.quarterClosed]);

    // Q1 over: its bets are settled at once; Q2 in play closes the Major, the Minor stays open.
    moveToMinutesAfterTipOff(t, game, QUARTER_MS / 60_000 + 1);
    game = await refresh(game);
    expect([game.Status, game.EndingBettingStatus, game.Ending.BettingStatus]).toEqual([2, 3, BETTING_IN_PLAY]);
    expect(game.Ending.ResultId).toEqual([{ result: [5, 2, 1] }]);
    const lateMajor = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 2, 1, 1), line(2, 3, 1, 1), line(2, 4, 1, 1)] } }, alice);
    expect([lateMajor.status, lateMajor.message]).toEqual([409, JACKPOT_TEXTS.closed]);
    const lateMinor = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(1, 3, 1, 1), line(1, 4, 1, 1)] } }, alice);
    expect(lateMinor.status).toBe(201);
    const history = async () => BetHistorySchema.parse((await t.app.inject({ url: '/bet/history', headers: alice.headers })).json());
    const firstBet = (await history()).find((entry) => entry._id === placed[0]?.data?.bet._id);
    expect(firstBet?.Status).toBe(BET_STATUS.WIN);

    // Q3 in play: the Minor closes too.
    moveToMinutesAfterTipOff(t, game, (2 * QUARTER_MS) / 60_000 + 1);
    game = await refresh(game);
    expect([game.Status, game.EndingBettingStatus]).toEqual([3, 4]);
    const closedMinor = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(1, 3, 1, 1), line(1, 4, 1, 1)] } }, alice);
    expect([closedMinor.status, closedMinor.message]).toEqual([409, JACKPOT_TEXTS.closed]);

    // Level after Q4: overtime; then the game completes.
    moveToMinutesAfterTipOff(t, game, (4 * QUARTER_MS) / 60_000 + 1);
    game = await refresh(game);
    expect([game.Status, game.EndingBettingStatus, game.Ending.BettingStatus]).toEqual([GAME_STATUS.OT1, 0, BETTING_CLOSED]);
    moveToMinutesAfterTipOff(t, game, (4 * QUARTER_MS + OVERTIME_MS) / 60_000 + 1);
    game = await refresh(game);
    expect(game.Status).toBe(GAME_STATUS.COMPLETED);
    expect(game.Scores.at(-1)).toEqual({ quarter: 5, Team1: 10, Team2: 7 });
    expect(game.OddEven?.ResultId).toEqual([{ result: [0, 1] }, { result: [0, 2] }, { result: [1, 3] }, { result: [1, 4] }]);

    const bets = await history();
    const byId = new Map(bets.map((entry) => [entry._id, entry]));
    const statusOf = (answer: { data: { bet: { _id: string } } | null }) => byId.get(answer.data?.bet._id ?? '')?.Status;
    expect(placed.map(statusOf)).toEqual([2, 3, 2, 2, 2, 2, 2, 3, 2, 2, 3]);
    expect([statusOf(minor), statusOf(major), statusOf(grand), statusOf(lateMinor)]).toEqual([2, 2, 2, 3]);
    expect(bets.every((entry) => entry.Status !== BET_STATUS.ONGOING)).toBe(true);

    // Minor and Grand hit every line: each takes its whole pool, which restarts from its base.
    const wins = 7_000 + 3_500 + 1_400 + 700 + 1_400 + 190 + 190 + 190;
    const jackpots = 2_100 + JACKPOT_SEED.Minor + 1_400 + 2_100 + JACKPOT_SEED.Grand + attendance;
    expect(await pesos(alice)).toBeCloseTo(start - stakes - attendance - 20 + wins + jackpots, 2);
    expect(await ledgerSum(alice.id)).toBe(await balanceOf(alice.id));
    const [after] = (await t.app.inject({ url: '/jackpot' })).json() as [{ Minor: number; Major: number; Grand: number }];
    expect(after).toEqual({ Minor: JACKPOT_SEED.Minor, Major: JACKPOT_SEED.Major, Grand: JACKPOT_SEED.Grand });

    // Game type codes as the members area decodes them.
    const codes = bets.map((entry) => `${entry.GameId.GameType}:${entry.BetDetails[0]?.length}`);
    expect(new Set(codes)).toEqual(new Set(['61:3', '61:6', '61:9', '61:12', '62:3', '63:3', '72:2', '100:2', '110:2']));
    const oddEven = bets.find((entry) => entry._id === placed[7]?.data?.bet._id);
    expect(oddEven?.GameId.ResultId[0]?.result).toEqual([1, 3]);

    // Winners: the player's wins, masked.
    const winners = await call(sportsEndpoints.biggestWinners, {});
    expect(winners.data?.[0]).toMatchObject({ UserId: { username: 'Ali*****' } });
    expect(JSON.stringify(winners.data)).not.toContain('alicebettor');
    const today = await call(sportsEndpoints.todaysWinners, {});
    expect(today.data?.some((winner) => winner.UserId.username === 'Ali*****')).toBe(true);
  });

  it('returns an overtime bet when the game ends in regulation', async () => {
    const game = await createTestGame(t, { plan: REGULATION_PLAN });
    const placed = await bet(game, game.Ending._id, [3, 0, 5], 50);
    const before = await pesos(alice);
    moveToMinutesAfterTipOff(t, game, (4 * QUARTER_MS) / 60_000 + 1);
    expect((await refresh(game)).Status).toBe(GAME_STATUS.COMPLETED);
    const history = BetHistorySchema.parse((await t.app.inject({ url: '/bet/history', headers: alice.headers })).json());
    expect(history.find((entry) => entry._id === placed.data?.bet._id)?.Status).toBe(BET_STATUS.RETURN);
    expect(await pesos(alice)).toBe(before + 50);
  });
});

describe('the per-slot maximum', () => {
  it('answers what is left per slot, in every shape the pages ask', async () => {
    const game = await createTestGame(t, { maxbetPesos: 500 });
    await bet(game, game.Ending._id, [1, 2, 3], 120);
    const one = await call(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: 1, slot2: 2, quarter: 3 } }, alice);
    expect(one.data).toEqual({ slot1: 1, slot2: 2, quarter: 3, max: 380 });
    const lists = await call(
      sportsEndpoints.jackpotAvailability,
      { params: { id: game.Ending._id }, body: { bets: [[{ slot1: 1, slot2: 2, quarter: 3 }, { slot1: 0, slot2: 0, quarter: 1 }]] } },
      alice,
    );
    expect(lists.data).toEqual([[380, 500]]);
    const grid = await call(sportsEndpoints.availabilityGrid, { params: { endingId: game.Ending._id } }, alice);
    expect(grid.data?.length).toBe(10);
    expect(grid.data?.[1]?.[2]).toEqual([500, 500, 380, 500]);
    const badQuery = await call(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: 10, slot2: 2, quarter: 3 } }, alice);
    expect([badQuery.status, badQuery.message]).toEqual([400, JACKPOT_TEXTS.invalidSlot]);
    expect((await call(sportsEndpoints.availabilityGrid, { params: { endingId: 'a'.repeat(24) } }, alice)).status).toBe(404);
  });

  it('never lets 200 concurrent bets on one slot exceed it, and the ledger equals the balances', async () => {
    const game = await createTestGame(t, { maxbetPesos: 2_000 });
    const players = [alice, bob];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => bet(game, game.Ending._id, [7, 7, 2], 100, players[index % 2])),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toHaveLength(20);
    expect(refused).toHaveLength(180);
    expect(new Set(refused.map((answer) => answer.message))).toEqual(new Set([JACKPOT_TEXTS.maximum]));
    const left = await call(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: 7, slot2: 7, quarter: 2 } }, alice);
    expect(left.data?.max).toBe(0);
    expect((await pesos(alice)) + (await pesos(bob))).toBe(20_000 - 2_000);
    for (const player of players) expect(await ledgerSum(player.id)).toBe(await balanceOf(player.id));
  });

  it('holds across processes: four writers on the same database never exceed the slot', async () => {
    const game = await createTestGame(t, { maxbetPesos: 2_000 });
    const results = await race(new URL('../../testing/slot-race.worker.ts', import.meta.url), Array.from({ length: 4 }, () => [t.location, game.Ending._id, alice.id, '50', '10000']));
    expect(results.flatMap((result) => result.failures)).toEqual([]);
    expect(results.reduce((sum, result) => sum + result.ok, 0)).toBe(20);
    expect(results.reduce((sum, result) => sum + result.refused, 0)).toBe(180);
    const { rows } = await sql<{ staked_centavos: number }>`
      SELECT staked_centavos FROM sports_slot_stakes WHERE ending_id = ${game.Ending._id} AND slot1 = 7 AND slot2 = 7 AND quarter = 1`.execute(t.store.db);
    const staked = rows[0];
    expect(staked?.staked_centavos).toBe(200_000);
    expect(await pesos(alice)).toBe(10_000 - 20 * (100 + 10 + 10 + 5));
    expect(await ledgerSum(alice.id)).toBe(await balanceOf(alice.id));
  });
});

describe('edits', () => {
  async function majorSet(player: TestPlayer = alice) {
    const game = await createTestGame(t, { maxbetPesos: 500 });
    const placed = await call(
      sportsEndpoints.placeJackpotBet,
      { body: { GameId: game.Ending._id, bets: [line(2, 1, 4, 4), line(2, 2, 5, 5), line(2, 3, 6, 6)] } },
      player,
    );
    const id = placed.data?.bet._id;
    if (!id) throw new Error(`placing failed: ${placed.message}`);
    return { game, id };
  }
  const rows = (amounts: [number, number, number]) => [
    { Amount: amounts[0], slot1: 4, slot2: 4, quarter: 1, jackpot: 2, id: 0, max: 500 },
    { Amount: amounts[1], slot1: 5, slot2: 5, quarter: 2, jackpot: 2, id: 1, max: 500 },
    { Amount: amounts[2], slot1: 6, slot2: 6, quarter: 3, jackpot: 2, id: 2, max: 500 },
  ];

  it('move the stake difference exactly once, and the maximum still applies', async () => {
    const { game, id } = await majorSet();
    const before = await pesos(alice);
    const raised = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([50, 10, 10])] } }, alice);
    expect(raised.status).toBe(200);
    expect(raised.data).toMatchObject({ message: JACKPOT_TEXTS.updated, Balance: before - 40, bet: { Amount: 50, Amounttwo: 10, Amountthree: 10 } });
    const again = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([50, 10, 10])] } }, alice);
    expect(again.data?.Balance).toBe(before - 40);
    const lowered = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([20, 10, 10])] } }, alice);
    expect(lowered.data?.Balance).toBe(before - 10);
    expect(await pesos(alice)).toBe(before - 10);

    const over = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([20, 10, 501])] } }, alice);
    expect([over.status, over.message]).toEqual([409, JACKPOT_TEXTS.editMaximum]);
    expect(await pesos(alice)).toBe(before - 10);
    const left = await call(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: 4, slot2: 4, quarter: 1 } }, alice);
    expect(left.data?.max).toBe(480);

    const moved = await call(
      sportsEndpoints.updateJackpotBet,
      { params: { id }, body: { bets: [rows([20, 10, 10]).map((row, index) => (index === 0 ? { ...row, slot1: 9 } : row))] } },
      alice,
    );
    expect([moved.status, moved.message]).toEqual([400, SPORTS_TEXTS.notEditable]);
    const sets = await call(sportsEndpoints.jackpotBets, { params: { jackpot: 2, endingId: game.Ending._id } }, alice);
    expect(sets.data?.map((set) => [set.Amount, set.Amounttwo, set.Amountthree])).toEqual([[20, 10, 10]]);
    const transactions = TransactionHistorySchema.parse((await t.app.inject({ url: '/transact/history', headers: alice.headers })).json());
    expect(transactions.slice(0, 4).map((entry) => [entry.Mode, entry.Amount])).toEqual([
      ['Refund', 30],
      ['Bet', -40],
      ['Attendance', -5],
      ['Bet', -30],
    ]);
    expect(await ledgerSum(alice.id)).toBe(await balanceOf(alice.id));
  });

  it('take a Grand set with or without its Q4 line, and hold staked rows to the minimum', async () => {
    const game = await createTestGame(t);
    const placed = await call(
      sportsEndpoints.placeGrandBet,
      { body: { GameId: game._id, bets: [grandLine(1, 1, 2), grandLine(2, 3, 4), grandLine(3, 5, 6), grandJackpotLine(7, 8)] } },
      alice,
    );
    const id = placed.data?.bet._id ?? '';
    const grandRows = (amounts: number[]) =>
      [
        [1, 2, 1],
        [3, 4, 2],
        [5, 6, 3],
        [7, 8, 4],
      ]
        .slice(0, amounts.length)
        .map(([slot1 = 0, slot2 = 0, quarter = 0], index) => ({ Amount: amounts[index] ?? 0, slot1, slot2, quarter, jackpot: 3 }));
    const four = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [grandRows([20, 10, 10, 5])] } }, alice);
    expect(four.data?.bet).toMatchObject({ Amount: 20, Amounttwo: 10, Amountthree: 10 });
    const three = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [grandRows([20, 30, 10])] } }, alice);
    expect(three.data?.bet).toMatchObject({ Amount: 20, Amounttwo: 30, Amountthree: 10 });
    const low = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [grandRows([20, 9, 10])] } }, alice);
    expect([low.status, low.message]).toEqual([400, JACKPOT_TEXTS.grandMinimum]);
    const attendance = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [grandRows([20, 30, 10, 50])] } }, alice);
    expect([attendance.status, attendance.message]).toEqual([400, SPORTS_TEXTS.grandAttendance]);
    expect((await call(sportsEndpoints.jackpotBets, { params: { jackpot: 3, endingId: game._id } }, alice)).data).toHaveLength(1);
  });

  it('are refused once betting has closed, and so are bets', async () => {
    const { game, id } = await majorSet();
    moveToMinutesAfterTipOff(t, game, QUARTER_MS / 60_000 + 1);
    const closed = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([30, 10, 10])] } }, alice);
    expect([closed.status, closed.message]).toEqual([409, JACKPOT_TEXTS.closed]);
    const late = await bet(game, game.Ending._id, [1, 1, 1], 10);
    expect([late.status, late.message]).toEqual([409, SPORTS_TEXTS.quarterClosed]);
  });

  it('keep players apart: nobody sees or edits another player’s sets', async () => {
    const { game, id } = await majorSet(alice);
    expect((await call(sportsEndpoints.jackpotBets, { params: { jackpot: 2, endingId: game.Ending._id } }, alice)).data).toHaveLength(1);
    expect((await call(sportsEndpoints.jackpotBets, { params: { jackpot: 2, endingId: game.Ending._id } }, bob)).data).toEqual([]);
    const stolen = await call(sportsEndpoints.updateJackpotBet, { params: { id }, body: { bets: [rows([500, 10, 10])] } }, bob);
    expect([stolen.status, stolen.message]).toEqual([404, SPORTS_TEXTS.unknownBet]);
    expect((await call(sportsEndpoints.jackpotBets, { params: { jackpot: 2, endingId: game.Ending._id } }, undefined)).status).toBe(401);
    const bobHistory = BetHistorySchema.parse((await t.app.inject({ url: '/bet/history', headers: bob.headers })).json());
    expect(bobHistory).toEqual([]);
  });
});

describe('refusals', () => {
  it('answer 4xx with the spec’s texts, never 5xx', async () => {
    const game = await createTestGame(t);
    const ending = game.Ending._id;
    const cases = [
      await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 1, 1, 1), line(2, 1, 2, 2), line(2, 3, 3, 3)] } }, alice),
      await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 1, 1, 1, 5), line(2, 2, 2, 2), line(2, 3, 3, 3)] } }, alice),
      await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(2, 1, 1, 1, 2001), line(2, 2, 2, 2), line(2, 3, 3, 3)] } }, alice),
      await call(sportsEndpoints.placeJackpotBet, { body: { GameId: 'c'.repeat(24), bets: [line(1, 1, 1, 1), line(1, 2, 2, 2)] } }, alice),
      await call(
        sportsEndpoints.placeGrandBet,
        { body: { GameId: ending, bets: [grandLine(1, 1, 1, 2001), grandLine(2, 1, 1), grandLine(3, 1, 1), grandJackpotLine(1, 1)] } },
        alice,
      ),
      await bet(game, ending, [1, 1, 7], 10),
      await bet(game, game.OddEven?._id ?? '', [2, 1], 10),
      await bet(game, 'd'.repeat(24), [1, 1, 1], 10),
    ];
    expect(cases.map((answer) => [answer.status, answer.message])).toEqual([
      [400, SPORTS_TEXTS.distinctQuarters],
      [400, JACKPOT_TEXTS.minimum],
      [409, JACKPOT_TEXTS.maximum],
      [404, SPORTS_TEXTS.unknownGame],
      [409, JACKPOT_TEXTS.grandMaximum],
      [400, SPORTS_TEXTS.invalidPicks],
      [400, SPORTS_TEXTS.invalidPicks],
      [404, SPORTS_TEXTS.unknownGame],
    ]);
    const poor = await createPlayer(t, 'poorbettor', 12);
    const broke = await call(sportsEndpoints.placeJackpotBet, { body: { GameId: ending, bets: [line(1, 1, 1, 1), line(1, 2, 2, 2)] } }, poor);
    expect([broke.status, broke.message]).toEqual([400, 'Insufficient balance']);
    expect(await pesos(poor)).toBe(12);
    const left = await call(sportsEndpoints.slotAvailability, { params: { endingId: ending }, query: { slot1: 1, slot2: 1, quarter: 1 } }, alice);
    expect(left.data?.max).toBe(2_000);
  });
});
