// One node vs two (issue 14): the player API on PostgreSQL + Redis (tools/ensure-postgres.sh,
// tools/ensure-redis.sh start them when down), production builds, side by side in one run.
// HTTP: wrk on a signed-in read and a withdrawal, against one node directly, one node through
// the nginx gateway (deploy/gateway) and two nodes through it — the gateway spreads the calls
// (least_conn), so the last two differ only in the node count. Video Karera: 2,000 socket
// clients on one node, then split 1,000/1,000 over two: bet-ack p99 and lost bets (checked in
// PostgreSQL). Run alone: `npm run bench -- --only cluster`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromCentavos } from '@suwerte/money';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { freePorts, startClusterNodes, type ClusterNodes } from '../cluster-nodes';
import { startGateway } from '../ops/api-gateway';
import { REPO_ROOT } from '../site';
import { cashOutLuaScript, ensureWrk, luaScript, measure, type LoadFigure } from './api';
import { connect, percentiles, type Percentiles } from './karera';
import { benchPlayer, benchSessionEnd, signToken, socketTicket, type BenchPlayer } from './players';

export interface ClusterHttpFigure {
  /** What served the calls: one node directly, or N nodes behind the gateway. */
  setup: 'one node, direct' | 'one node, via gateway' | 'two nodes, via gateway';
  calls: LoadFigure[];
}

export interface ClusterKareraFigure {
  nodes: number;
  clients: number;
  betsSent: number;
  betsAcked: number;
  betsRefused: number;
  /** Unanswered, or answered but missing, wrong or unsettled in PostgreSQL. */
  betsLost: number;
  ackMs: Percentiles;
  /** Every bench player's balance equals their ledger's sum afterwards. */
  ledgerConsistent: boolean;
}

export interface ClusterBenchFigures {
  http: ClusterHttpFigure[];
  karera: ClusterKareraFigure[];
  targets: { name: string; met: boolean; detail: string }[];
}

const PLAYERS = 200;
const KARERA_CLIENTS = 2_000;
const KARERA_ROUNDS = 2;
const KARERA = { bettingMs: 5_000, closedMs: 1_000, resultMs: 1_000 };
const TARGET_ACK_P99_MS = 150;

/** A URL printed by one of the tools/ensure-*.sh scripts (they start the service when it is down). */
export function ensure(script: string): string {
  return execFileSync('bash', [path.join(REPO_ROOT, 'tools', script)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/** A fresh schema of its own in the bench database, and the URL that selects it. */
export async function benchSchema(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  return {
    url: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** `count` players named `<prefix>0000`…, each credited `fundsCentavos` through the ledger, in one transaction. */
async function createPlayers(databaseUrl: string, count: number, prefix: string, fundsCentavos: number): Promise<BenchPlayer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = new Date().toISOString();
    const players = Array.from({ length: count }, (_, i) => benchPlayer(prefix, i));
    await client.query('BEGIN');
    for (const player of players) {
      await client.query(
        `INSERT INTO users (id, username, password_hash, role, referral_code, created_at, updated_at) VALUES ($1, $2, 'bench-player-cannot-sign-in', 420, $3, $4, $4)`,
        [player.id, player.username, player.username.toUpperCase(), now],
      );
      await client.query(
        `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, reference, description, created_at) VALUES ($1, $2, $3, $3, 'adjustment', NULL, 'bench funds', $4)`,
        [randomBytes(12).toString('hex'), player.id, fundsCentavos, now],
      );
      await client.query(`INSERT INTO sessions (id, user_id, created_at, expires_at, ended_at) VALUES ($1, $2, $3, $4, NULL)`, [player.sessionId, player.id, now, benchSessionEnd()]);
    }
    await client.query('COMMIT');
    return players;
  } finally {
    await client.end();
  }
}

async function query<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function ledgerConsistent(databaseUrl: string, prefix: string): Promise<boolean> {
  const [row] = await query<{ bad: string }>(
    databaseUrl,
    `SELECT COUNT(*) AS bad FROM users u WHERE u.username LIKE $1
     AND u.balance_centavos <> (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = u.id)`,
    [`${prefix}%`],
  );
  return Number(row?.bad) === 0;
}

/** The HTTP calls of one setup: a signed-in read and a withdrawal, from 200 players in turn. */
async function httpCalls(url: string, tokens: string[], dir: string): Promise<LoadFigure[]> {
  const lotto = luaScript(path.join(dir, 'lotto.lua'), 'GET', '/schedule/active/lotto', tokens);
  const cashOut = cashOutLuaScript(path.join(dir, 'cashouts.lua'), tokens, 'GCASH');
  return [
    await measure('lotto schedule', 'GET /schedule/active/lotto', { url, script: lotto }),
    await measure('cash-out (a withdrawal)', 'POST /transaction/cashout/instapay', { url, script: cashOut }),
  ];
}

async function startNodes(count: number, databaseUrl: string, redisUrl: string): Promise<ClusterNodes> {
  return startClusterNodes({ count, ports: await freePorts(count), databaseUrl, redisUrl, entry: 'build', karera: KARERA, logLevel: 'warn' });
}

async function measureHttp(databaseUrl: string, redisUrl: string, dir: string): Promise<ClusterHttpFigure[]> {
  const figures: ClusterHttpFigure[] = [];
  for (const count of [1, 2] as const) {
    const cluster = await startNodes(count, databaseUrl, redisUrl);
    try {
      const prefix = `clusterhttp${count}n`;
      const players = await createPlayers(databaseUrl, PLAYERS, prefix, 100_000_000);
      const key = new TextEncoder().encode(cluster.jwtSecret);
      const tokens = await Promise.all(players.map((player) => signToken(key, player)));
      const [first, second] = cluster.nodes;
      if (!first) throw new Error('no node');
      if (count === 1) figures.push({ setup: 'one node, direct', calls: await httpCalls(first.url, tokens, dir) });
      // One node: both of the gateway's servers are that node.
      const gateway = await startGateway((await freePorts(1))[0] ?? 0, [`127.0.0.1:${first.port}`, `127.0.0.1:${(second ?? first).port}`]);
      try {
        figures.push({ setup: count === 1 ? 'one node, via gateway' : 'two nodes, via gateway', calls: await httpCalls(gateway.url, tokens, dir) });
      } finally {
        await gateway.stop();
      }
    } finally {
      await cluster.stop();
    }
  }
  return figures;
}

interface SentBet {
  userId: string;
  sentAt: number;
  amountCentavos: number;
  ackAt?: number;
  betId?: string;
  refused?: string;
}

/**
 * 2,000 players, one socket each, spread over the nodes in turn; each bets once in each of the
 * next rounds its node announces (after a first close, so nobody starts mid-round), at a random
 * moment of the first 80 % of the window. Then every bet is checked in PostgreSQL once settled.
 */
async function measureKarera(count: number, databaseUrl: string, redisUrl: string): Promise<ClusterKareraFigure> {
  const cluster = await startNodes(count, databaseUrl, redisUrl);
  const sockets: Socket[] = [];
  const prefix = `clusterkarera${count}n`;
  try {
    const players = await createPlayers(databaseUrl, KARERA_CLIENTS, prefix, 1_000_000);
    const key = new TextEncoder().encode(cluster.jwtSecret);
    const tokens = await Promise.all(players.map((player) => signToken(key, player)));
    for (let from = 0; from < players.length; from += 100) {
      const batch = players.slice(from, from + 100).map((player, i) => {
        const node = cluster.nodes[(from + i) % cluster.nodes.length];
        return socketTicket(node?.url ?? '', tokens[from + i] ?? '').then((ticket) => connect(node?.url ?? '', { username: player.username, accesstoken: ticket }));
      });
      sockets.push(...(await Promise.all(batch)));
    }

    const sent = new Map<string, SentBet>();
    let sequence = 0;
    let pending = players.length * KARERA_ROUNDS;
    let allSent: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      allSent = resolve;
    });
    const answered = () => {
      pending -= 1;
      if (pending === 0) allSent();
    };
    sockets.forEach((socket, i) => {
      const player = players[i];
      if (!player) return;
      let armed = false;
      let roundsBet = 0;
      socket.once('bettingclose', () => (armed = true));
      socket.on('startbetting', () => {
        if (!armed || roundsBet >= KARERA_ROUNDS) return;
        roundsBet += 1;
        setTimeout(() => {
          sequence += 1;
          const requestId = `${i}-${sequence}`;
          const amountCentavos = (10 + Math.floor(Math.random() * 91)) * 100;
          sent.set(requestId, { userId: player.id, sentAt: performance.now(), amountCentavos });
          socket.emit('bet', { bet: Math.random() < 0.5 ? 1 : 2, Amount: fromCentavos(amountCentavos), requestId });
        }, Math.random() * KARERA.bettingMs * 0.8);
      });
      socket.on('betsuccessful', (payload: { requestId?: string; betId: string }) => {
        const bet = payload.requestId ? sent.get(payload.requestId) : undefined;
        if (!bet) return;
        bet.ackAt = performance.now();
        bet.betId = payload.betId;
        answered();
      });
      socket.on('betfailed', (payload: { requestId?: string; message: string }) => {
        const bet = payload.requestId ? sent.get(payload.requestId) : undefined;
        if (!bet) return;
        bet.ackAt = performance.now();
        bet.refused = payload.message;
        answered();
      });
    });
    const roundMs = KARERA.bettingMs + KARERA.closedMs + KARERA.resultMs;
    const deadline = setTimeout(allSent, (KARERA_ROUNDS + 3) * roundMs + 30_000);
    await done;
    clearTimeout(deadline);
    for (const socket of sockets.splice(0)) socket.close();

    // Settled: no bench bet still open (a round's settlement follows its close within a round).
    const settleBy = Date.now() + 2 * roundMs + 10_000;
    while (Date.now() < settleBy) {
      const [open] = await query<{ n: string }>(databaseUrl, `SELECT COUNT(*) AS n FROM bets b JOIN users u ON u.id = b.user_id WHERE u.username LIKE $1 AND b.status = 1`, [`${prefix}%`]);
      if (Number(open?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const rows = await query<{ id: string; user_id: string; amount_centavos: number; status: number; debit: string | null }>(
      databaseUrl,
      `SELECT b.id, b.user_id, b.amount_centavos, b.status,
              (SELECT SUM(l.amount_centavos) FROM ledger l WHERE l.reference = b.id AND l.kind = 'bet') AS debit
       FROM bets b JOIN users u ON u.id = b.user_id WHERE u.username LIKE $1`,
      [`${prefix}%`],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const bets = [...sent.values()];
    let lost = 0;
    for (const bet of bets) {
      if (bet.refused) continue;
      const row = bet.betId ? byId.get(bet.betId) : undefined;
      const settled = row !== undefined && Number(row.status) !== 1;
      if (!row || row.user_id !== bet.userId || Number(row.amount_centavos) !== bet.amountCentavos || Number(row.debit) !== -bet.amountCentavos || !settled) lost += 1;
    }
    const acked = bets.filter((bet) => bet.betId);
    // A bet in the database that no player was told about is lost too (a phantom debit).
    lost += Math.max(0, rows.length - acked.length);
    return {
      nodes: count,
      clients: players.length,
      betsSent: bets.length,
      betsAcked: acked.length,
      betsRefused: bets.filter((bet) => bet.refused).length,
      betsLost: lost,
      ackMs: percentiles(bets.filter((bet) => bet.ackAt !== undefined).map((bet) => (bet.ackAt ?? 0) - bet.sentAt)),
      ledgerConsistent: await ledgerConsistent(databaseUrl, prefix),
    };
  } finally {
    for (const socket of sockets) socket.close();
    await cluster.stop();
  }
}

export async function runClusterBench(): Promise<ClusterBenchFigures> {
  ensureWrk();
  if (!existsSync(path.join(REPO_ROOT, 'player-api', 'dist', 'main.js'))) throw new Error('player-api/dist/main.js is missing: run `npm run build` first.');
  const databaseUrl = ensure('ensure-postgres.sh');
  const redisUrl = ensure('ensure-redis.sh');
  const schema = await benchSchema(databaseUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-cluster-bench-'));
  try {
    const http = await measureHttp(schema.url, redisUrl, dir);
    const karera = [await measureKarera(1, schema.url, redisUrl), await measureKarera(2, schema.url, redisUrl)];
    const consistent = await ledgerConsistent(schema.url, 'cluster');
    const targets = [
      ...karera.map((figure) => ({
        name: `Video Karera, ${figure.clients} clients on ${figure.nodes} node(s): ack p99 ≤ ${TARGET_ACK_P99_MS} ms, 0 lost`,
        met: figure.ackMs.p99 <= TARGET_ACK_P99_MS && figure.betsLost === 0 && figure.ledgerConsistent,
        detail: `p99 ${figure.ackMs.p99} ms, ${figure.betsLost} lost`,
      })),
      { name: 'bench players: balances = ledger sums', met: consistent, detail: consistent ? 'yes' : 'NO' },
    ];
    return { http, karera, targets };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await schema.drop();
  }
}

/** The two setups' figures side by side: one line per call, one node's beside two nodes'. */
export function printClusterFigures(figures: ClusterBenchFigures): void {
  const cell = (figure: LoadFigure | undefined) => (figure ? `${String(figure.requestsPerSecond).padStart(6)} req/s p99 ${String(figure.latencyMs.p99).padStart(6)} ms` : 'n/a');
  console.info(`  ${'HTTP (wrk, 50 connections)'.padEnd(36)} ${figures.http.map((figure) => figure.setup.padEnd(30)).join(' ')}`);
  const calls = figures.http[0]?.calls.map((figure) => figure.call) ?? [];
  for (const call of calls) {
    console.info(`  ${call.padEnd(36)} ${figures.http.map((figure) => cell(figure.calls.find((c) => c.call === call)).padEnd(30)).join(' ')}`);
  }
  const errors = figures.http.flatMap((figure) => figure.calls.filter((c) => c.errors > 0 || c.non2xx > 0).map((c) => `${figure.setup} ${c.call}: ${c.non2xx} non-2xx, ${c.errors} socket errors`));
  for (const line of errors) console.info(`    (${line})`);
  const karera = (pick: (figure: ClusterKareraFigure) => string) => figures.karera.map((figure) => pick(figure).padEnd(30)).join(' ');
  console.info(`  ${'Video Karera'.padEnd(36)} ${karera((figure) => `${figure.clients} clients, ${figure.nodes} node${figure.nodes > 1 ? 's' : ''}`)}`);
  console.info(`  ${'  bets sent / acked / refused'.padEnd(36)} ${karera((figure) => `${figure.betsSent} / ${figure.betsAcked} / ${figure.betsRefused}`)}`);
  console.info(`  ${'  ack p50 / p99 / max'.padEnd(36)} ${karera((figure) => `${figure.ackMs.p50} / ${figure.ackMs.p99} / ${figure.ackMs.max} ms`)}`);
  console.info(`  ${'  lost; balances = ledger'.padEnd(36)} ${karera((figure) => `${figure.betsLost}; ${figure.ledgerConsistent ? 'yes' : 'NO'}`)}`);
}
