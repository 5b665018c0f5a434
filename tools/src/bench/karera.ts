import { randomBytes } from 'node:crypto';
// The Video Karera load figure: 1,000 concurrent socket.io clients on loopback, each betting
// every round, against a production build of the player API; bet-ack and totalbet latency, and
// a check against the ledger that no bet was lost. Run alone: `npx tsx tools/src/bench/karera.ts`.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromCentavos } from '@suwerte/money';
import { io, type Socket } from 'socket.io-client';
import { portsFrom, startSite } from '../site';
import { createPlayers, signToken, socketTicket } from './players';

export interface KareraBenchOptions {
  /** Concurrent players, one socket each. @default 1000 */
  clients?: number;
  /** Rounds every player bets in. @default 3 */
  rounds?: number;
  /** Betting window of a round; the race and the result take 1 s each. @default 5000 */
  bettingMs?: number;
  /** Share of the betting window over which players' bets are spread (0 = all at the start). @default 0.8 */
  spread?: number;
  /** First port of the bench site (`portsFrom`). @default 6200 */
  portBase?: number;
}

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

export interface KareraBenchFigures {
  clients: number;
  rounds: number;
  connectSeconds: number;
  betsSent: number;
  betsAcked: number;
  betsRefused: number;
  /** Sent but never answered, or answered but missing or wrong in the ledger. */
  betsLost: number;
  ackMs: Percentiles;
  /** From sending a bet to receiving the first totalbet that includes it. */
  totalbetDelayMs: Percentiles;
  /** Every player's balance equals the sum of their ledger afterwards. */
  ledgerConsistent: boolean;
  targets: { ackP99Ms: number; lost: number; met: boolean };
}

const TARGET_ACK_P99_MS = 150;
/** A random secret per run: the API refuses predictable ones (docs/decisions/147). */
const BENCH_SECRET = randomBytes(32).toString('hex');
const FUNDS_CENTAVOS = 1_000_000;

interface SentBet {
  client: number;
  userId: string;
  sentAt: number;
  amountCentavos: number;
  side: 1 | 2;
  ackAt?: number;
  betId?: string;
  refused?: string;
  totalsAt?: number;
}

/** Nearest-rank percentiles, rounded to 0.1 ms. */
export function percentiles(values: number[]): Percentiles {
  if (values.length === 0) return { p50: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) };
}

export function connect(url: string, query: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { query, transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Checks every bet against the database: acked bets recorded and debited once, refused ones not written. */
function verifyLedger(databasePath: string, players: { id: string }[], sent: Map<string, SentBet>): { lost: number; consistent: boolean } {
  const db = new Database(databasePath, { readonly: true, timeout: 10_000 });
  try {
    const ids = new Set(players.map((player) => player.id));
    const rows = db
      .prepare<[], { id: string; user_id: string; amount_centavos: number; status: number; debit: number | null }>(
        `SELECT b.id, b.user_id, b.amount_centavos, b.status,
                (SELECT SUM(l.amount_centavos) FROM ledger l WHERE l.reference = b.id AND l.kind = 'bet') AS debit
         FROM bets b JOIN users u ON u.id = b.user_id WHERE u.username LIKE 'bench%'`,
      )
      .all()
      .filter((row) => ids.has(row.user_id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    let lost = 0;
    let acked = 0;
    for (const bet of sent.values()) {
      if (bet.refused) continue;
      if (!bet.betId) {
        lost += 1; // never answered
        continue;
      }
      acked += 1;
      const row = byId.get(bet.betId);
      const settled = row !== undefined && row.status !== 1;
      if (!row || row.user_id !== bet.userId || row.amount_centavos !== bet.amountCentavos || row.debit !== -bet.amountCentavos || !settled) lost += 1;
    }
    // A bet in the database that no player was told about is lost too (a phantom debit).
    lost += Math.max(0, rows.length - acked);
    const balances = db
      .prepare<[], { id: string; balance_centavos: number; ledger: number }>(
        `SELECT u.id, u.balance_centavos, (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = u.id) AS ledger
         FROM users u WHERE u.username LIKE 'bench%'`,
      )
      .all();
    const consistent = balances.length === players.length && balances.every((row) => row.balance_centavos === row.ledger);
    return { lost, consistent };
  } finally {
    db.close();
  }
}

export async function runKareraBench(options: KareraBenchOptions = {}): Promise<KareraBenchFigures> {
  const clients = options.clients ?? 1_000;
  const rounds = options.rounds ?? 3;
  const bettingMs = options.bettingMs ?? 5_000;
  const spread = options.spread ?? 0.8;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-karera-bench-'));
  const databasePath = path.join(dataDir, 'karera.sqlite');
  const site = await startSite({
    ports: portsFrom(options.portBase ?? 6200),
    databasePath,
    apiEnv: { KARERA_BETTING_MS: String(bettingMs), KARERA_CLOSED_MS: '1000', KARERA_RESULT_MS: '1000', JWT_SECRET: BENCH_SECRET, LOG_LEVEL: 'warn' },
  });
  const sockets: Socket[] = [];
  try {
    const players = createPlayers(databasePath, clients, { fundsCentavos: FUNDS_CENTAVOS });
    const key = new TextEncoder().encode(BENCH_SECRET);
    const tokens = await Promise.all(players.map((player) => signToken(key, player)));

    const connectStart = performance.now();
    for (let from = 0; from < clients; from += 100) {
      const batch = players
        .slice(from, from + 100)
        .map((player, i) => socketTicket(site.apiUrl, tokens[from + i] ?? '').then((ticket) => connect(site.apiUrl, { username: player.username, accesstoken: ticket })));
      sockets.push(...(await Promise.all(batch)));
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;

    const sent = new Map<string, SentBet>();
    let armed = false;
    let roundsDone = 0;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let sequence = 0;

    sockets.forEach((socket, client) => {
      const player = players[client];
      if (!player) return;
      let roundsBet = 0;
      // Totalbet arrives on the same connection after the ack of every bet it includes.
      const awaitingTotals: SentBet[] = [];
      socket.on('startbetting', () => {
        if (!armed || roundsBet >= rounds) return;
        roundsBet += 1;
        // Players bet at random moments of the window (the first 80 % by default), as people do.
        setTimeout(() => {
          sequence += 1;
          const requestId = `${client}-${sequence}`;
          const side = Math.random() < 0.5 ? 1 : 2;
          const amountCentavos = (10 + Math.floor(Math.random() * 91)) * 100;
          sent.set(requestId, { client, userId: player.id, sentAt: performance.now(), amountCentavos, side });
          socket.emit('bet', { bet: side, Amount: fromCentavos(amountCentavos), requestId });
        }, Math.random() * bettingMs * spread);
      });
      socket.on('betsuccessful', (payload: { requestId?: string; betId: string }) => {
        const bet = payload.requestId ? sent.get(payload.requestId) : undefined;
        if (!bet) return;
        bet.ackAt = performance.now();
        bet.betId = payload.betId;
        awaitingTotals.push(bet);
      });
      socket.on('betfailed', (payload: { requestId?: string; message: string }) => {
        const bet = payload.requestId ? sent.get(payload.requestId) : undefined;
        if (bet) {
          bet.ackAt = performance.now();
          bet.refused = payload.message;
        }
      });
      socket.on('totalbet', () => {
        const now = performance.now();
        for (const bet of awaitingTotals.splice(0)) bet.totalsAt = now;
      });
    });

    // Armed between rounds (at a close), so every player's first bet falls in the same round.
    const observer = sockets[0];
    if (!observer) throw new Error('no clients');
    observer.once('bettingclose', (closing: { roundId: string }) => {
      armed = true;
      observer.on('DeclareWinner', (declared: { roundId: string }) => {
        if (declared.roundId === closing.roundId) return;
        roundsDone += 1;
        if (roundsDone >= rounds) finish();
      });
    });
    const roundMs = bettingMs + 2_000;
    const deadline = setTimeout(finish, (rounds + 3) * roundMs + 20_000);
    await done;
    clearTimeout(deadline);
    // Let late answers arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of sockets) socket.close();
    sockets.length = 0;

    const bets = [...sent.values()];
    const acked = bets.filter((bet) => bet.betId);
    const refused = bets.filter((bet) => bet.refused);
    const { lost, consistent } = verifyLedger(databasePath, players, sent);
    const ackMs = percentiles(bets.filter((bet) => bet.ackAt !== undefined).map((bet) => (bet.ackAt ?? 0) - bet.sentAt));
    const totalbetDelayMs = percentiles(acked.filter((bet) => bet.totalsAt !== undefined).map((bet) => (bet.totalsAt ?? 0) - bet.sentAt));
    const missingTotals = acked.filter((bet) => bet.totalsAt === undefined).length;
    return {
      clients,
      rounds: roundsDone,
      connectSeconds: Math.round(connectSeconds * 100) / 100,
      betsSent: bets.length,
      betsAcked: acked.length,
      betsRefused: refused.length,
      betsLost: lost + missingTotals,
      ackMs,
      totalbetDelayMs,
      ledgerConsistent: consistent,
      targets: { ackP99Ms: TARGET_ACK_P99_MS, lost: 0, met: ackMs.p99 <= TARGET_ACK_P99_MS && lost + missingTotals === 0 && consistent },
    };
  } finally {
    for (const socket of sockets) socket.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printKareraFigures(figures: KareraBenchFigures): void {
  const ms = (p: Percentiles) => `p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms`;
  console.info(`  ${figures.clients} clients connected in ${figures.connectSeconds} s; ${figures.rounds} rounds`);
  console.info(`  bets sent ${figures.betsSent}, acknowledged ${figures.betsAcked}, refused ${figures.betsRefused}`);
  console.info(`  bet ack (betsuccessful):        ${ms(figures.ackMs)}`);
  console.info(`  totalbet broadcast delay:       ${ms(figures.totalbetDelayMs)}`);
  console.info(`  lost bets (ledger check): ${figures.betsLost}; balances = ledger sums: ${figures.ledgerConsistent ? 'yes' : 'NO'}`);
  console.info(
    `  target p99 ack ≤ ${figures.targets.ackP99Ms} ms and 0 lost: ${figures.targets.met ? 'met' : 'NOT MET'} (p99 ${figures.ackMs.p99} ms, ${figures.betsLost} lost)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `--burst`: every player bets the moment betting opens (the worst case).
  const burst = process.argv.includes('--burst');
  console.info(`Video Karera: 1,000 socket clients on loopback, each betting every round${burst ? ' (all at once)' : ''}`);
  printKareraFigures(await runKareraBench(burst ? { spread: 0 } : {}));
}
