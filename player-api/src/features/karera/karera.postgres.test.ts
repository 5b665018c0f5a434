import { createAdapter } from '@socket.io/redis-adapter';
import { BET_STATUS, KARERA_ALERTS, PLAYER_ROLE, type KareraBetSuccessful, type KareraRoundState } from '@suwerte/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppContext } from '../../app';
import { DEFAULT_LOGIN_LIMITS, DEFAULT_UPLOADS_PER_IP } from '../../config/env';
import { moneyChange, transaction } from '../../db/money';
import { openPostgresStore, type Store } from '../../db/store';
import { createUser } from '../../db/users';
import { createTokenService } from '../../lib/tokens';
import { KareraClient, serverUrl, ticketFor } from '../../testing/karera';
import { manualCluster, type ManualCluster } from '../../testing/manual-cluster';
import { registeredPlayer } from '../../testing/players';
import { TEST_SECRET, createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL, openTestStore, type TestStore } from '../../testing/test-store';
import { betsFeature } from '../bets/feature';
import { appendEntry, readBalance, readEntriesByReference, readLedgerSum } from '../ledger/ledger';
import { openSession } from '../../db/sessions';
import { createKareraFeature, kareraFeature } from './feature';
import { openRound, recordBet } from './rounds';

// Video Karera on PostgreSQL: a round left open by a node that died is continued, not voided;
// two nodes (socket.io linked through Redis) share one round and hand it over.

const clients: KareraClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.socket.close();
});

/** Connects with a socket ticket: a string is a session token (a ticket is asked for it), a function signs one. */
async function join(url: string, username: string, token: string | (() => Promise<string>)): Promise<KareraClient> {
  const ticket = typeof token === 'string' ? await ticketFor(url, token) : await token();
  const client = new KareraClient(url, { username, accesstoken: ticket });
  clients.push(client);
  await client.connected();
  return client;
}

/** Every bet of the round settled once: one stake debit, one credit when it paid; balance = ledger sum for each player. */
async function expectSettledOnce(store: Store, roundId: string, userIds: string[]): Promise<void> {
  const bets = await store.db.selectFrom('bets').select(['id', 'status', 'payout_centavos']).where('game_id', '=', roundId).execute();
  expect(bets.length).toBeGreaterThan(0);
  for (const bet of bets) {
    expect(bet.status).not.toBe(BET_STATUS.ONGOING);
    const entries = await readEntriesByReference(store.db, bet.id);
    expect(entries.filter((entry) => entry.amountCentavos < 0)).toHaveLength(1);
    expect(entries.filter((entry) => entry.amountCentavos > 0).map((entry) => entry.amountCentavos)).toEqual(bet.payout_centavos > 0 ? [bet.payout_centavos] : []);
  }
  for (const id of userIds) expect(await readLedgerSum(store.db, id)).toBe(await readBalance(store.db, id));
}

describe('a node that starts on PostgreSQL', () => {
  let t: TestApp;
  beforeEach(async () => {
    vi.stubEnv('KARERA_BETTING_MS', '300');
    vi.stubEnv('KARERA_CLOSED_MS', '200');
    vi.stubEnv('KARERA_RESULT_MS', '200');
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
    vi.unstubAllEnvs();
  });

  it('continues the round a node that died left open, and settles its bets once', async () => {
    const ana = await registeredPlayer(t, 'anaplayer', 1_000);
    const now = t.clock.now();
    // What a killed leader leaves: an open round in its betting phase, a bet in it. Its betting ends
    // once this test's socket has joined (a ticket first), so the socket sees the round settled.
    const roundId = await transaction(t.store, (q) => openRound(q, now, { bettingEndsAt: new Date(Date.now() + 2_000) }));
    const { betId } = await moneyChange(t.store, (q) => recordBet(q, { roundId, userId: ana.id, side: 2, stakeCentavos: 30_000, now }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await join(serverUrl(t.app), 'anaplayer', ana.token);
    await a.next('DeclareWinner', { where: (declared: { roundId: string }) => declared.roundId === roundId, timeoutMs: 10_000 });
    await a.next('startbetting', { where: (start: { roundId: string }) => start.roundId !== roundId });
    expect(a.events.some((received) => received.event === 'stopbetting')).toBe(false);
    const bet = await t.store.db.selectFrom('bets').select(['status', 'payout_centavos']).where('id', '=', betId).executeTakeFirst();
    // Alone on DOS: DOS wins → the stake back (nobody on UNO); UNO wins → lost.
    expect([
      { status: BET_STATUS.RETURN, payout_centavos: 30_000 },
      { status: BET_STATUS.LOSE, payout_centavos: 0 },
    ]).toContainEqual(bet);
    await expectSettledOnce(t.store, roundId, [ana.id]);
  });
});

describe('two nodes on one PostgreSQL, socket.io linked through Redis', () => {
  const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';
  let t: TestStore;
  const nodes: { app: FastifyInstance; cluster: ManualCluster; store: Store; redis: Redis[] }[] = [];
  const tokens = createTokenService({ secret: TEST_SECRET, ttlSeconds: 3_600, now: () => new Date() });

  beforeEach(async () => {
    t = await openTestStore([betsFeature, kareraFeature]);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.close();
    for (const node of nodes.splice(0)) {
      await node.cluster.stopLeading('handover');
      await node.app.close();
      for (const redis of node.redis) redis.disconnect();
      await node.store.close();
    }
    await t.close();
  });

  /**
   * One API node with only the Video Karera feature: its own pool, its own Redis clients, one
   * channel prefix for the test. Without a prefix the node is cut off from Redis (as during an
   * outage): its broadcasts and its bet notices reach no other node.
   */
  async function startNode(prefix: string | null): Promise<{ url: string; cluster: ManualCluster }> {
    if (!t.schema) throw new Error('a PostgreSQL test store has a schema');
    const store = openPostgresStore(TEST_DATABASE_URL, { schema: t.schema });
    const pub = prefix === null ? null : new Redis(TEST_REDIS_URL);
    const sub = pub?.duplicate() ?? null;
    const cluster = manualCluster(pub && sub && prefix !== null ? { adapter: createAdapter(pub, sub, { key: prefix }) } : {});
    const app = Fastify();
    const ctx = createAppContext({
      mode: 'production',
      store,
      cluster,
      now: () => new Date(),
      tokens,
      publicUrl: 'http://localhost:4000',
      demoSlate: false,
      corsOrigins: [],
      loginLimits: DEFAULT_LOGIN_LIMITS, uploadsPerIp: DEFAULT_UPLOADS_PER_IP, sessionIdleSeconds: 3_600,
    });
    // Long enough to bet through both nodes and hand over before the close.
    await app.register(async (scope) => createKareraFeature({ timings: { bettingMs: 1_500, closedMs: 200, resultMs: 200 } }).register(scope, ctx));
    nodes.push({ app, cluster, store, redis: [pub, sub].filter((client): client is Redis => client !== null) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: serverUrl(app), cluster };
  }

  /** A player with an open session; `token` signs a new socket ticket of it each time (tickets are used once). */
  async function player(username: string, pesos: number): Promise<{ id: string; token: () => Promise<string> }> {
    const { id } = await createUser(t.store.db, { username, passwordHash: 'x', role: PLAYER_ROLE, now: new Date() });
    await moneyChange(t.store, (q) => appendEntry(q, { userId: id, amountCentavos: pesos * 100, kind: 'deposit', description: 'Test funds' }));
    const session = await openSession(t.store.db, { userId: id, now: new Date(), idleSeconds: 3_600 });
    return { id, token: async () => (await tokens.signTicket({ id, username, role: PLAYER_ROLE, sessionId: session.id })).token };
  }

  it('shares one round: a bet through either node is in the totals every socket sees, and the round survives a handover', async () => {
    const prefix = `karera-test-${randomBytes(6).toString('hex')}`;
    const a = await startNode(prefix);
    const b = await startNode(prefix);
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    const atA = await join(a.url, 'anaplayer', ana.token);
    const atB = await join(b.url, 'benplayer', ben.token);

    await a.cluster.becomeLeader();
    // The leader's broadcast reaches the other node's sockets.
    const { roundId } = await atB.next<{ roundId: string }>('startbetting');
    const benBet = await atB.betAndWait(2, 50);
    const anaBet = await atA.betAndWait(1, 100);
    expect([benBet.event, anaBet.event]).toEqual(['betsuccessful', 'betsuccessful']);
    expect((benBet.payload as KareraBetSuccessful).roundId).toBe(roundId);
    // A bet through B counted by the leader A, seen on both nodes.
    for (const client of [atA, atB]) await client.next('totalbet', { where: (totals: number[]) => totals[0] === 100 && totals[1] === 50 });
    // A page that connects to B resyncs from the database.
    const again = await join(b.url, 'benplayer', ben.token);
    expect(await again.next<KareraRoundState>('roundstate')).toMatchObject({ roundId, phase: 'betting', totals: [100, 50], stakes: [0, 50] });

    await a.cluster.stopLeading('handover');
    await b.cluster.becomeLeader();
    await atA.next('bettingclose', { where: (close: { roundId: string }) => close.roundId === roundId });
    expect(await atB.betAndWait(1, 10)).toEqual({ event: 'betfailed', payload: { message: KARERA_ALERTS.bettingClosed } });
    for (const client of [atA, atB]) await client.next('DeclareWinner', { where: (declared: { roundId: string }) => declared.roundId === roundId });
    await atA.next('startbetting', { where: (start: { roundId: string }) => start.roundId !== roundId });
    expect([...atA.events, ...atB.events].some((received) => received.event === 'stopbetting')).toBe(false);
    await expectSettledOnce(t.store, roundId, [ana.id, ben.id]);
  });

  it('the totals shown at the close are the database\'s: a bet the other node could not tell (Redis away) is in them', async () => {
    const prefix = `karera-test-${randomBytes(6).toString('hex')}`;
    const a = await startNode(prefix);
    // B takes bets but reaches no other node: its notices to the leader are lost.
    const b = await startNode(null);
    const ana = await player('anaplayer', 1_000);
    const ben = await player('benplayer', 1_000);
    const atA = await join(a.url, 'anaplayer', ana.token);
    const atB = await join(b.url, 'benplayer', ben.token);

    await a.cluster.becomeLeader();
    const { roundId } = await atA.next<{ roundId: string }>('startbetting');
    expect((await atA.betAndWait(1, 100)).event).toBe('betsuccessful');
    // B finds the round open in the database and commits the bet there.
    const benBet = await atB.betAndWait(2, 70);
    expect(benBet.event).toBe('betsuccessful');
    expect((benBet.payload as KareraBetSuccessful).roundId).toBe(roundId);
    // While betting, the leader's totals are what it was told: B's bet is not among them.
    await atA.next('totalbet', { where: (totals: number[]) => totals[0] === 100 });
    const closing = atA.mark;
    await atA.next('bettingclose', { from: closing, where: (close: { roundId: string }) => close.roundId === roundId, timeoutMs: 5_000 });
    // The last totals before the close, as a page shows them at the close: the database's.
    const shown = atA.events
      .slice(0, atA.events.findIndex((received, index) => index >= closing && received.event === 'bettingclose'))
      .filter((received) => received.event === 'totalbet')
      .at(-1)?.payload;
    expect(shown).toEqual([100, 70]);
    // A page that resyncs reads the same from the database.
    const again = await join(a.url, 'anaplayer', ana.token);
    expect(await again.next<KareraRoundState>('roundstate')).toMatchObject({ roundId, totals: [100, 70] });
  });
});
