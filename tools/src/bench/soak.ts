// The soak (issue 36): two player-API nodes on PostgreSQL + Redis (production builds) behind the
// nginx gateway (deploy/gateway), under a steady mix of what players do — sign in and out, read
// their account, schedules and histories, cash out, hold a Video Karera socket and bet every
// round, reconnect now and then — for an hour (`--soak-minutes` for a shorter run). Each node's
// resident memory (RSS) is read every minute; the figures are RSS at the start, halfway and at
// the end (at 30 and 60 minutes in the full run), and every call that failed. Each node's V8 heap
// is read too, through its inspector after a full garbage collection (heap used, and memory
// outside the heap: external and array buffers), so that a growing RSS can be told apart from a
// growing heap; `--soak-snapshots 5,25` writes heap snapshots of each node at those minutes to
// .bench/soak/ (compare them with `npx tsx tools/src/bench/heap-diff.ts a b`). Run alone:
// `npm run bench -- --only soak` (a bench part, never part of `npm test`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromCentavos } from '@suwerte/money';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { startClusterNodes, type ClusterNode } from '../cluster-nodes';
import { startGateway } from '../ops/api-gateway';
import { benchSchema, ensure } from './cluster';
import { connectInspector, type HeapReading, type NodeInspector } from './inspector';
import { connect } from './karera';
import { socketTicket } from './players';

export const DEFAULT_SOAK_MINUTES = 60;
/** Virtual players, each going round its calls; their pauses make about this many calls a second in all. */
const PLAYERS = 40;
const CALLS_PER_SECOND = 60;
const KARERA = { bettingMs: 10_000, closedMs: 3_000, resultMs: 2_000 };
const PASSWORD = 'Karera-Uno-2026';
/** RSS may grow this much from halfway to the end and still count as flat (the allocator's noise). */
export const FLAT_GROWTH = 0.05;

export interface SoakNodeMemory {
  node: number;
  /** RSS in MB, one reading a minute (minute 0: once the players are set up), and the heap right after (HeapReading). */
  samples: ({ minute: number; rssMb: number } & Partial<HeapReading>)[];
  startMb: number;
  halfMb: number;
  endMb: number;
  /** Heap used after a full garbage collection, at the start, halfway and at the end. */
  startHeapMb?: number;
  halfHeapMb?: number;
  endHeapMb?: number;
}

export interface SoakFigures {
  minutes: number;
  nodes: number;
  players: number;
  calls: number;
  /** Calls answered otherwise than expected (a 5xx, a refused call, a socket error), by what. */
  errors: Record<string, number>;
  betsPlaced: number;
  socketsOpened: number;
  memory: SoakNodeMemory[];
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

interface SoakPlayer {
  username: string;
  token: string;
  socket: Socket | null;
  socketSince: number;
}

/** An error's message with its cause's (fetch says only "fetch failed"; the cause says why: a reset, a timeout…). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SoakOptions {
  /** Minutes at which a heap snapshot of each node is written (to `snapshotDir`). */
  snapshotMinutes?: readonly number[];
  snapshotDir?: string;
}

/**
 * `portBase`: the two nodes listen on it and the next port, the gateway on the one after, the
 * nodes' inspectors on the two after that.
 */
export async function runSoakBench(minutes: number, portBase: number, { snapshotMinutes = [], snapshotDir = '.bench/soak' }: SoakOptions = {}): Promise<SoakFigures> {
  const databaseUrl = ensure('ensure-postgres.sh');
  const redisUrl = ensure('ensure-redis.sh');
  const schema = await benchSchema(databaseUrl);
  const cluster = await startClusterNodes({
    count: 2,
    ports: [portBase, portBase + 1],
    databaseUrl: schema.url,
    redisUrl,
    entry: 'build',
    karera: KARERA,
    logLevel: 'warn',
    inspectPorts: [portBase + 3, portBase + 4],
    // Every player signs up and in from this one address.
    env: { REGISTER_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USERNAME: '100000', LOGIN_LIMIT_PER_USERNAME_IP: '100000' },
  });
  const nodes: ClusterNode[] = cluster.nodes;
  const [first, second] = nodes;
  if (!first || !second) throw new Error('two nodes');
  const inspectors: NodeInspector[] = await Promise.all([portBase + 3, portBase + 4].map((port) => connectInspector(port)));
  const gateway = await startGateway(portBase + 2, [`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]);
  const errors: Record<string, number> = {};
  const failed = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);
  let calls = 0;
  let betsPlaced = 0;
  let socketsOpened = 0;
  const players: SoakPlayer[] = [];
  let running = true;

  const call = async (method: string, path: string, token: string | null, body?: unknown, expected = 200): Promise<Response | null> => {
    calls += 1;
    // Each player waits between its calls so that all of them together make about CALLS_PER_SECOND.
    await sleep((PLAYERS / CALLS_PER_SECOND) * 1_000 * (0.5 + Math.random()));
    try {
      const response = await fetch(`${gateway.url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status !== expected) {
        failed(`${method} ${path.replace(/\?.*$/, '')} → ${response.status}`);
        await response.body?.cancel();
        return null;
      }
      return response;
    } catch (error) {
      failed(`${method} ${path.replace(/\?.*$/, '')} → ${describeError(error)}`);
      return null;
    }
  };
  const signIn = async (username: string): Promise<string | null> => {
    const response = await call('POST', '/player/login', null, { username, password: PASSWORD });
    return response ? ((await response.json()) as { accesstoken: string }).accesstoken : null;
  };

  const openSocket = async (player: SoakPlayer) => {
    player.socket?.close();
    player.socket = null;
    try {
      const socket = await connect(gateway.url, { username: player.username, accesstoken: await socketTicket(gateway.url, player.token) });
      socketsOpened += 1;
      player.socket = socket;
      player.socketSince = Date.now();
      socket.on('startbetting', () => {
        setTimeout(() => {
          if (!running || !socket.connected) return;
          betsPlaced += 1;
          socket.emit('bet', { bet: Math.random() < 0.5 ? 1 : 2, Amount: fromCentavos(1_000), requestId: randomBytes(6).toString('hex') });
        }, Math.random() * KARERA.bettingMs * 0.8);
      });
      socket.on('betfailed', (payload: { message?: string }) => failed(`bet refused: ${payload.message ?? '?'}`));
      socket.on('disconnect', (reason) => {
        if (running && player.socket === socket && reason !== 'io client disconnect') failed(`socket dropped: ${reason}`);
      });
    } catch (error) {
      failed(`socket: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** One player's round of calls, again and again, until the soak ends. */
  const play = async (player: SoakPlayer, index: number) => {
    for (let turn = index; running; turn += 1) {
      await call('GET', '/account/', player.token);
      await call('GET', '/schedule/active/lotto', player.token);
      await call('GET', turn % 2 === 0 ? '/bet/history' : '/transact/history', player.token);
      await call('GET', '/jackpot', null);
      if (turn % 10 === 0) {
        await call('POST', '/transaction/cashout/instapay', player.token, { Amount: 50, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 }, 201);
      }
      if (turn % 25 === 0) {
        // A new session, the old one ended: what a player signing out and in again does.
        const token = await signIn(player.username);
        if (token) {
          const old = player.token;
          player.token = token;
          // The page's socket moves to the new session before the old one ends (its logout closes that session's sockets).
          await openSocket(player);
          await call('POST', '/player/logout', old, {});
        }
      } else if (Date.now() - player.socketSince > 5 * 60_000) {
        await openSocket(player);
      }
    }
  };

  const memory: SoakNodeMemory[] = nodes.map((node) => ({ node: node.index, samples: [], startMb: 0, halfMb: 0, endMb: 0 }));
  const sample = async (minute: number) => {
    const rss = nodes.map((node) => (node.alive ? rssMb(node.pid) : 0));
    for (const [i, inspector] of inspectors.entries()) {
      const heap = await inspector.heap().catch(() => ({}));
      memory[i]?.samples.push({ minute, rssMb: rss[i] ?? 0, ...heap });
      if (snapshotMinutes.includes(minute)) {
        mkdirSync(snapshotDir, { recursive: true });
        const file = path.join(snapshotDir, `node${i}-minute${minute}.heapsnapshot`);
        await inspector.snapshot(file);
        console.info(`  heap snapshot: ${file}`);
      }
    }
    const line = memory
      .map((entry) => {
        const last = entry.samples.at(-1);
        return `node ${entry.node} ${last?.rssMb ?? 0} MB (heap ${last?.heapUsedMb ?? '?'}, external ${last?.externalMb ?? '?'})`;
      })
      .join(', ');
    console.info(`  minute ${String(minute).padStart(3)}: RSS ${line}; ${calls} calls, ${Object.values(errors).reduce((sum, n) => sum + n, 0)} failed, ${betsPlaced} bets`);
  };

  const client = new pg.Client({ connectionString: schema.url });
  try {
    // The players sign up through the API, are funded through the ledger, and sign in.
    for (let i = 0; i < PLAYERS; i += 1) {
      const username = `soak${randomBytes(3).toString('hex')}${i}`;
      await call('POST', '/register', null, { username, password: PASSWORD, referral: 'SUWERTE', email: `${username}@example.com`, contactnumber: '09171234567' }, 201);
      players.push({ username, token: '', socket: null, socketSince: 0 });
    }
    await client.connect();
    const now = new Date().toISOString();
    for (const player of players) {
      await client.query(
        `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, reference, description, created_at)
         SELECT $1, id, 100000000, 100000000, 'adjustment', NULL, 'soak funds', $2 FROM users WHERE username = $3`,
        [randomBytes(12).toString('hex'), now, player.username],
      );
      player.token = (await signIn(player.username)) ?? '';
      await openSocket(player);
    }

    const started = Date.now();
    await sample(0);
    const loops = players.map((player, i) => play(player, i));
    for (let minute = 1; minute <= minutes; minute += 1) {
      await sleep(started + minute * 60_000 - Date.now());
      await sample(minute);
    }
    running = false;
    await Promise.all(loops);
  } finally {
    running = false;
    for (const player of players) player.socket?.close();
    for (const inspector of inspectors) inspector.close();
    await client.end().catch(() => undefined);
    await gateway.stop();
    await cluster.stop();
    await schema.drop();
  }
  for (const entry of memory) {
    const at = (minute: number) => entry.samples.find((candidate) => candidate.minute === minute);
    entry.startMb = at(0)?.rssMb ?? 0;
    entry.halfMb = at(Math.round(minutes / 2))?.rssMb ?? 0;
    entry.endMb = at(minutes)?.rssMb ?? 0;
    entry.startHeapMb = at(0)?.heapUsedMb;
    entry.halfHeapMb = at(Math.round(minutes / 2))?.heapUsedMb;
    entry.endHeapMb = at(minutes)?.heapUsedMb;
  }
  return { minutes, nodes: nodes.length, players: PLAYERS, calls, errors, betsPlaced, socketsOpened, memory };
}

/** RSS stays flat: from halfway to the end it grows by at most FLAT_GROWTH on every node. */
export function soakIsFlat(figures: SoakFigures): boolean {
  return figures.memory.every((entry) => entry.endMb <= entry.halfMb * (1 + FLAT_GROWTH));
}

export function printSoakFigures(figures: SoakFigures): void {
  const half = Math.round(figures.minutes / 2);
  for (const entry of figures.memory) {
    console.info(`  node ${entry.node}: RSS ${entry.startMb} MB at start, ${entry.halfMb} MB at ${half} min, ${entry.endMb} MB at ${figures.minutes} min`);
    console.info(`  node ${entry.node}: heap used ${entry.startHeapMb ?? '?'} MB at start, ${entry.halfHeapMb ?? '?'} MB at ${half} min, ${entry.endHeapMb ?? '?'} MB at ${figures.minutes} min`);
  }
  const failedCalls = Object.values(figures.errors).reduce((sum, n) => sum + n, 0);
  console.info(`  ${figures.calls} calls, ${failedCalls} failed; ${figures.betsPlaced} bets; ${figures.socketsOpened} sockets opened`);
  for (const [what, count] of Object.entries(figures.errors)) console.info(`    ${count} × ${what}`);
}
