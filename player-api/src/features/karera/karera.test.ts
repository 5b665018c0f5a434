import {
  BET_STATUS,
  TOKEN_ERROR_TEXT,
  type KareraBetSuccessful,
  type KareraDeclareWinner,
  type KareraRoundState,
  type KareraSide,
} from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userByUsername } from '../../db/users';
import { createTokenService } from '../../lib/tokens';
import { KareraClient, serverUrl } from '../../testing/karera';
import { registeredPlayer } from '../../testing/players';
import { TEST_SECRET, createTestApp, type TestApp } from '../../testing/test-app';
import { readBalance, readLedgerSum } from '../ledger/ledger';

// Short rounds: 500 ms to bet, a 200 ms race, 200 ms of result.
const BETTING_MS = 500;

let t: TestApp;
let url: string;
const clients: Client[] = [];

beforeEach(async () => {
  vi.stubEnv('KARERA_BETTING_MS', String(BETTING_MS));
  vi.stubEnv('KARERA_CLOSED_MS', '200');
  vi.stubEnv('KARERA_RESULT_MS', '200');
  t = await createTestApp();
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.close();
  await t.close();
  vi.unstubAllEnvs();
});

async function listen(): Promise<void> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = serverUrl(t.app);
}

/** A client of this test's server, closed after the test. */
class Client extends KareraClient {
  constructor(query: Record<string, string>) {
    super(url, query);
    clients.push(this);
  }
}

const player = (username: string, pesos: number) => registeredPlayer(t, username, pesos);

async function join(username: string, token: string): Promise<Client> {
  const client = new Client({ username, accesstoken: token });
  await client.connected();
  return client;
}

/** Waits for the start of a round that begins after this call. */
function nextRound(client: Client): Promise<{ roundId: string; msLeft: number }> {
  return client.next('startbetting', { from: client.mark, timeoutMs: 3_000 });
}

function betRow(betId: string) {
  return t.store.db.selectFrom('bets').select(['status', 'payout_centavos', 'details']).where('id', '=', betId).executeTakeFirst();
}

const balanceOf = (userId: string) => readBalance(t.store.db, userId);
const ledgerSum = (userId: string) => readLedgerSum(t.store.db, userId);

async function betsOf(userId: string): Promise<number> {
  const row = await t.store.db.selectFrom('bets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the Video Karera socket handshake', () => {
  beforeEach(listen);

  it('refuses a connection without a valid player token, with ERROR VERIFYING TOKEN', async () => {
    const demo = await t.login('demoplayer', 'suwerte123');
    const operator = await userByUsername(t.store.db, 'operator1');
    if (!operator) throw new Error('operator1 missing');
    const tokens = createTokenService({ secret: TEST_SECRET, ttlSeconds: 60, now: () => new Date() });
    const forged = createTokenService({ secret: 'another-secret-0123456789abcdef', ttlSeconds: 60, now: () => new Date() });
    const expired = createTokenService({ secret: TEST_SECRET, ttlSeconds: 60, now: () => new Date(Date.now() - 3_600_000) });
    const cases: Record<string, string>[] = [
      {},
      { username: 'demoplayer' },
      { username: 'demoplayer', accesstoken: 'not-a-token' },
      { username: 'demoplayer', accesstoken: await forged.sign({ id: 'x', username: 'demoplayer', role: 420 }) },
      { username: 'demoplayer', accesstoken: await expired.sign({ id: (await userByUsername(t.store.db, 'demoplayer'))?.id ?? '', username: 'demoplayer', role: 420 }) },
      { username: 'someoneelse', accesstoken: demo },
      { username: 'operator1', accesstoken: await tokens.sign({ id: operator.id, username: 'operator1', role: operator.role }) },
    ];
    for (const query of cases) {
      const client = new Client(query);
      await expect(client.connected(), JSON.stringify(Object.keys(query))).rejects.toThrow(TOKEN_ERROR_TEXT);
      expect(client.events).toEqual([]);
    }
  });

  it('closes the socket when its access token expires', async () => {
    const demo = await userByUsername(t.store.db, 'demoplayer');
    if (!demo) throw new Error('demoplayer missing');
    const shortLived = createTokenService({ secret: TEST_SECRET, ttlSeconds: 1, now: t.clock.now });
    const client = await join('demoplayer', await shortLived.sign({ id: demo.id, username: 'demoplayer', role: 420 }));
    const reason = await new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  it('accepts the user name and access token of a player and sends the round state at once', async () => {
    const client = await join('demoplayer', await t.login('demoplayer', 'suwerte123'));
    const state = await client.next<KareraRoundState>('roundstate');
    expect(state).toMatchObject({ phase: 'betting', totals: [0, 0], stakes: [0, 0], winner: null, previous: [] });
    expect(state.msLeft).toBeGreaterThan(0);
    expect(state.msLeft).toBeLessThanOrEqual(BETTING_MS);
  });
});

describe('Video Karera rounds', () => {
  beforeEach(listen);

  it('runs a full round: bets debited, totals broadcast, winner declared, payouts to the centavo', async () => {
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    const a = await join('anaplayer', ana.token);
    const b = await join('benplayer', ben.token);
    const { roundId } = await nextRound(a);
    const from = b.mark;

    const anaUno = await a.betAndWait(1, 100);
    const benDos = await b.betAndWait(2, 50);
    const benUno = await b.betAndWait(1, 25);
    expect(anaUno).toEqual({ event: 'betsuccessful', payload: expect.objectContaining({ roundId, bet: 1, Amount: 100, Balance: 900 }) });
    expect(benDos.payload).toMatchObject({ bet: 2, Amount: 50, Balance: 950 });
    expect(benUno.payload).toMatchObject({ bet: 1, Amount: 25, Balance: 925 });

    // Every player sees the totals move, [Uno, Dos].
    await a.next('totalbet', { from: 0, where: (totals: number[]) => totals[0] === 125 && totals[1] === 50 });
    await b.next('totalbet', { from, where: (totals: number[]) => totals[0] === 125 && totals[1] === 50 });

    await b.next('bettingclose', { from, where: (close: { roundId: string }) => close.roundId === roundId });
    const { winner } = await b.next<KareraDeclareWinner>('DeclareWinner', { from, where: (declared) => declared.roundId === roundId });
    const previous = await b.next<KareraSide[]>('previouswinner', { from });
    expect(previous[0]).toBe(winner === 'UNO' ? 1 : 2);

    const ids = {
      anaUno: (anaUno.payload as KareraBetSuccessful).betId,
      benDos: (benDos.payload as KareraBetSuccessful).betId,
      benUno: (benUno.payload as KareraBetSuccessful).betId,
    };
    expect((await betRow(ids.anaUno))?.details).toBe('[[1]]');
    expect((await betRow(ids.benDos))?.details).toBe('[[2]]');
    if (winner === 'UNO') {
      // UNO ₱125, DOS ₱50. ana: 100 + 100 × 50/125 − 10 = ₱130.00; ben: 25 + 25 × 50/125 − 2.50 = ₱32.50.
      expect(await betRow(ids.anaUno)).toMatchObject({ status: BET_STATUS.WIN, payout_centavos: 13_000 });
      expect(await betRow(ids.benUno)).toMatchObject({ status: BET_STATUS.WIN, payout_centavos: 3_250 });
      expect(await betRow(ids.benDos)).toMatchObject({ status: BET_STATUS.LOSE, payout_centavos: 0 });
      expect(await balanceOf(ana.id)).toBe(103_000);
      expect(await balanceOf(ben.id)).toBe(92_500 + 3_250);
    } else {
      // ben: 50 + 50 × 125/50 − 5 = ₱170.00.
      expect(await betRow(ids.benDos)).toMatchObject({ status: BET_STATUS.WIN, payout_centavos: 17_000 });
      expect(await betRow(ids.anaUno)).toMatchObject({ status: BET_STATUS.LOSE, payout_centavos: 0 });
      expect(await betRow(ids.benUno)).toMatchObject({ status: BET_STATUS.LOSE, payout_centavos: 0 });
      expect(await balanceOf(ana.id)).toBe(90_000);
      expect(await balanceOf(ben.id)).toBe(92_500 + 17_000);
    }
    for (const id of [ana.id, ben.id]) expect(await ledgerSum(id)).toBe(await balanceOf(id));

    // The next round starts from zero.
    await b.next('startbetting', { from, where: (start: { roundId: string }) => start.roundId !== roundId });
    await b.next('totalbet', { from: b.events.findLastIndex((e) => e.event === 'startbetting'), where: (totals: number[]) => totals[0] === 0 && totals[1] === 0 });
  });

  it('refuses bets once betting closes, and until the next round starts', async () => {
    const ana = await player('anaplayer', 1_000);
    const a = await join('anaplayer', ana.token);
    const { roundId } = await nextRound(a);
    await a.next('bettingclose', { from: 0, where: (close: { roundId: string }) => close.roundId === roundId });
    expect(await a.betAndWait(1, 10)).toEqual({ event: 'betfailed', payload: { message: 'Betting Closed' } });
    await a.next('DeclareWinner', { from: 0, where: (declared: { roundId: string }) => declared.roundId === roundId });
    expect(await a.betAndWait(2, 10)).toEqual({ event: 'betfailed', payload: { message: 'Betting Closed' } });
    expect(await betsOf(ana.id)).toBe(0);
    expect(await balanceOf(ana.id)).toBe(100_000);
  });

  it('refuses a bet above the balance with Not enough balance, and bad amounts with Invalid Amount', async () => {
    const ana = await player('anaplayer', 100);
    const a = await join('anaplayer', ana.token);
    await nextRound(a);
    expect(await a.betAndWait(1, 100.01)).toEqual({ event: 'betfailed', payload: { message: 'Not enough balance' } });
    for (const [side, amount] of [[1, 0], [1, -5], [1, 1.005], [3, 10], [1, '10'], [2, null]] as const) {
      expect(await a.betAndWait(side as KareraSide, amount)).toEqual({ event: 'betfailed', payload: { message: 'Invalid Amount' } });
    }
    expect(await betsOf(ana.id)).toBe(0);
    expect((await a.betAndWait(2, 100)).event).toBe('betsuccessful');
    expect(await balanceOf(ana.id)).toBe(0);
  });

  it('never overdraws on concurrent bets from one player on two connections', async () => {
    const ana = await player('anaplayer', 100);
    const first = await join('anaplayer', ana.token);
    const second = await join('anaplayer', ana.token);
    await nextRound(first);
    const marks = [first.mark, second.mark];
    // 30 bets of ₱10 at once against ₱100.
    for (let i = 0; i < 15; i += 1) {
      first.bet(1, 10, `a${i}`);
      second.bet(2, 10, `b${i}`);
    }
    const answers = async (client: Client, from: number) => {
      const answered = () => client.events.slice(from).filter((e) => e.event === 'betsuccessful' || e.event === 'betfailed');
      await client.next(['betsuccessful', 'betfailed'], { from, where: () => answered().length >= 15 });
      return answered();
    };
    const all = [...(await answers(first, marks[0] ?? 0)), ...(await answers(second, marks[1] ?? 0))];
    expect(all).toHaveLength(30);
    expect(all.filter((answer) => answer.event === 'betsuccessful')).toHaveLength(10);
    expect(all.filter((answer) => answer.event === 'betfailed').map((answer) => answer.payload)).toEqual(
      Array.from({ length: 20 }, () => expect.objectContaining({ message: 'Not enough balance' })),
    );
    expect(new Set(all.map((answer) => (answer.payload as { requestId: string }).requestId)).size).toBe(30);
    expect(await balanceOf(ana.id)).toBe(0);
    expect(await ledgerSum(ana.id)).toBe(0);
    expect(await betsOf(ana.id)).toBe(10);
  });

  it('resyncs a page that reconnects: round, totals, its own stakes and the previous results', async () => {
    const ana = await player('anaplayer', 1_000);
    const a = await join('anaplayer', ana.token);
    const { roundId } = await nextRound(a);
    const { winner } = await a.next<KareraDeclareWinner>('DeclareWinner', { from: 0, where: (declared) => declared.roundId === roundId });
    await nextRound(a);
    await a.betAndWait(2, 40);
    a.socket.disconnect();

    const again = await join('anaplayer', ana.token);
    const state = await again.next<KareraRoundState>('roundstate');
    expect(state).toMatchObject({ phase: 'betting', totals: [0, 40], stakes: [0, 40], winner: null });
    expect(state.previous[0]).toBe(winner === 'UNO' ? 1 : 2);
    const other = await join('demoplayer', await t.login('demoplayer', 'suwerte123'));
    expect(await other.next<KareraRoundState>('roundstate')).toMatchObject({ totals: [0, 40], stakes: [0, 0] });
  });
});

describe('starting and stopping the game server', () => {
  it('stops cleanly on close: sockets closed; the only node (SQLite) refunds the open round, a node of several (PostgreSQL) hands it over', async () => {
    await listen();
    const ana = await player('anaplayer', 1_000);
    const a = await join('anaplayer', ana.token);
    const { roundId } = await nextRound(a);
    const bet = await a.betAndWait(1, 250);
    expect(await balanceOf(ana.id)).toBe(75_000);
    const disconnected = new Promise<string>((resolve) => a.socket.once('disconnect', (reason) => resolve(reason)));
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await disconnected).toBe('transport close');
    const betId = (bet.payload as KareraBetSuccessful).betId;
    if (t.store.engine === 'sqlite') {
      expect(a.events.some((received) => received.event === 'stopbetting')).toBe(true);
      expect(await betRow(betId)).toMatchObject({ status: BET_STATUS.RETURN, payout_centavos: 25_000 });
      expect(await balanceOf(ana.id)).toBe(100_000);
    } else {
      // Another node (or this one, started again) continues the round: nothing voided, the stake stays in play.
      expect(a.events.some((received) => received.event === 'stopbetting')).toBe(false);
      expect(await betRow(betId)).toMatchObject({ status: BET_STATUS.ONGOING });
      expect((await t.store.db.selectFrom('karera_rounds').select('status').where('game_id', '=', roundId).executeTakeFirst())?.status).toBe('open');
      expect(await balanceOf(ana.id)).toBe(75_000);
    }
    expect(await ledgerSum(ana.id)).toBe(await balanceOf(ana.id));
  });

  it('runs no rounds while the API is not listening', async () => {
    await new Promise((resolve) => setTimeout(resolve, BETTING_MS + 100));
    expect(await t.store.db.selectFrom('karera_rounds').select('game_id').execute()).toEqual([]);
  });
});
