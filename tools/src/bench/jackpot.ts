import { randomBytes } from 'node:crypto';
// The jackpot load figure: 200 players placing Major entries on one game at the same moment,
// over HTTP against a production build of the player API; answer latency, and a check against
// the database that no entry was lost (each placed entry recorded once with its stake and its
// ₱5 attendance debited, the Grand pool moved by the attendance, no slot beyond its maximum).
// Run alone: `npx tsx tools/src/bench/jackpot.ts`.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EndpointCallError, fetchEndpoint, jackpotEndpoints, sportsEndpoints } from '@suwerte/contracts';
import { toCentavos } from '@suwerte/money';
import { portsFrom, startSite } from '../site';
import { percentiles, type Percentiles } from './karera';
import { createPlayers, signToken, type BenchPlayer } from './players';

export interface JackpotBenchOptions {
  /** Players, each placing one Major entry, all at once. @default 200 */
  players?: number;
  /** First port of the bench site (`portsFrom`). @default 6220 */
  portBase?: number;
}

export interface JackpotBenchFigures {
  players: number;
  betsSent: number;
  betsPlaced: number;
  /** Refused with the per-slot maximum's text (a legitimate answer, not a loss). */
  betsRefused: number;
  /** Unanswered, answered with an error other than the maximum, or missing or wrong in the database. */
  betsLost: number;
  latencyMs: Percentiles;
  /** From the first request sent to the last answer received. */
  wallMs: number;
  /** Balances equal ledger sums, slots equal the stakes on them and stay within the maximum, the Grand pool moved by ₱5 per entry. */
  ledgerConsistent: boolean;
  targets: { p99Ms: number; lost: number; met: boolean };
}

const TARGET_P99_MS = 1_000;
/** A random secret per run: the API refuses predictable ones (docs/decisions/147). */
const BENCH_SECRET = randomBytes(32).toString('hex');
const FUNDS_CENTAVOS = 100_000;
const ATTENDANCE_CENTAVOS = 500;
const MAXIMUM_TEXT = 'MAXIMUM BET AMOUNT EXCEEDED';

interface Line {
  Amount: number;
  jackpot: 2;
  slot1: number;
  slot2: number;
  quarter: number;
}

interface Sent {
  player: BenchPlayer;
  lines: Line[];
  ms?: number;
  status?: number;
  betId?: string;
  message?: string;
}

const randomDigit = () => Math.floor(Math.random() * 10);

/** A Major entry as the page sends it: quarters 1–3, random combinations, ₱10–₱100 a row. */
function majorEntry(): Line[] {
  return [1, 2, 3].map((quarter) => ({ Amount: 10 + Math.floor(Math.random() * 91), jackpot: 2, slot1: randomDigit(), slot2: randomDigit(), quarter }));
}

function verify(databasePath: string, endingId: string, sent: readonly Sent[], grandBefore: number): { lost: number; consistent: boolean } {
  const db = new Database(databasePath, { readonly: true, timeout: 10_000 });
  try {
    const ids = new Set(sent.map((entry) => entry.player.id));
    const rows = db
      .prepare<[string], { id: string; user_id: string; total: number; bet: number | null; attendance: number | null }>(
        `SELECT b.id, b.user_id, b.amount_centavos + COALESCE(b.amount2_centavos, 0) + COALESCE(b.amount3_centavos, 0) AS total,
                (SELECT SUM(amount_centavos) FROM ledger WHERE reference = b.id AND kind = 'bet') AS bet,
                (SELECT SUM(amount_centavos) FROM ledger WHERE reference = b.id AND kind = 'attendance') AS attendance
         FROM bets b WHERE b.game_id = ?`,
      )
      .all(endingId)
      .filter((row) => ids.has(row.user_id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    let lost = 0;
    let placed = 0;
    for (const entry of sent) {
      if (entry.status === 409 && entry.message === MAXIMUM_TEXT) continue;
      const row = entry.betId ? byId.get(entry.betId) : undefined;
      const stake = entry.lines.reduce((sum, line) => sum + line.Amount * 100, 0);
      if (entry.status !== 201 || !row || row.user_id !== entry.player.id || row.total !== stake || row.bet !== -stake || row.attendance !== -ATTENDANCE_CENTAVOS) {
        lost += 1;
        continue;
      }
      placed += 1;
    }
    // An entry in the database that no player was told about is lost too (a phantom debit).
    lost += Math.max(0, rows.length - placed);

    const balancesMatch = db
      .prepare<[], { bad: number }>(
        `SELECT COUNT(*) AS bad FROM users u WHERE u.username LIKE 'jpbench%'
         AND u.balance_centavos <> (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = u.id)`,
      )
      .get()?.bad === 0;
    // What the slots hold equals the stakes of every bet on them (the demo's too), within the maximum.
    const staked = new Map<string, number>();
    const bets = db
      .prepare<[string], { details: string; a1: number; a2: number | null; a3: number | null }>(
        'SELECT details, amount_centavos AS a1, amount2_centavos AS a2, amount3_centavos AS a3 FROM bets WHERE game_id = ?',
      )
      .all(endingId);
    for (const bet of bets) {
      const picks = (JSON.parse(bet.details) as number[][])[0] ?? [];
      [bet.a1, bet.a2, bet.a3].forEach((amount, leg) => {
        if (amount === null || picks.length < 3 * (leg + 1)) return;
        const key = picks.slice(3 * leg, 3 * leg + 3).join('-');
        staked.set(key, (staked.get(key) ?? 0) + amount);
      });
    }
    const slots = db
      .prepare<[string], { slot1: number; slot2: number; quarter: number; staked_centavos: number; limit_centavos: number }>(
        'SELECT slot1, slot2, quarter, staked_centavos, limit_centavos FROM sports_slot_stakes WHERE ending_id = ?',
      )
      .all(endingId);
    const slotsMatch = slots.every(
      (slot) => slot.staked_centavos <= slot.limit_centavos && (staked.get(`${slot.slot1}-${slot.slot2}-${slot.quarter}`) ?? 0) === slot.staked_centavos,
    );
    const grandAfter = db.prepare<[], { grand: number }>('SELECT grand_centavos AS grand FROM jackpot WHERE id = 1').get()?.grand ?? 0;
    const poolMoved = grandAfter - grandBefore === placed * ATTENDANCE_CENTAVOS;
    return { lost, consistent: balancesMatch && slotsMatch && poolMoved };
  } finally {
    db.close();
  }
}

export async function runJackpotBench(options: JackpotBenchOptions = {}): Promise<JackpotBenchFigures> {
  const count = options.players ?? 200;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-jackpot-bench-'));
  const databasePath = path.join(dataDir, 'jackpot.sqlite');
  const site = await startSite({
    ports: portsFrom(options.portBase ?? 6220),
    databasePath,
    apiEnv: { JWT_SECRET: BENCH_SECRET, LOG_LEVEL: 'warn' },
  });
  try {
    const players = createPlayers(databasePath, count, { prefix: 'jpbench', fundsCentavos: FUNDS_CENTAVOS });
    const key = new TextEncoder().encode(BENCH_SECRET);
    const tokens = await Promise.all(players.map((player) => signToken(key, player)));
    // A demo game that has not started: Major betting open on quarters 1–3.
    const api = { api: site.apiUrl };
    const schedule = await fetchEndpoint(sportsEndpoints.schedule, undefined, api);
    const game = schedule.find((entry) => entry.Status === 0 && entry.EndingBettingStatus === 1);
    if (!game) throw new Error('no game open for Major betting in the demo slate');
    const endingId = game.Ending._id;
    const [pools] = await fetchEndpoint(jackpotEndpoints.jackpot, undefined, api);
    const grandBefore = toCentavos(pools?.Grand ?? 0);

    const sent: Sent[] = players.map((player) => ({ player, lines: majorEntry() }));
    const started = performance.now();
    await Promise.all(
      sent.map(async (entry, index) => {
        const begin = performance.now();
        try {
          const answer = await fetchEndpoint(sportsEndpoints.placeJackpotBet, { body: { GameId: endingId, bets: entry.lines } }, { ...api, token: tokens[index] ?? '' });
          entry.status = sportsEndpoints.placeJackpotBet.status;
          entry.betId = answer.bet._id;
          entry.message = answer.message;
        } catch (error) {
          // A refusal (e.g. 409 'Maximum bet amount exceeded') is a figure too, not a failure of the bench.
          if (error instanceof EndpointCallError && error.status !== null) {
            entry.status = error.status;
            entry.message = error.serverMessage ?? undefined;
          } else entry.message = error instanceof Error ? error.message : String(error);
        } finally {
          entry.ms = performance.now() - begin;
        }
      }),
    );
    const wallMs = Math.round(performance.now() - started);
    const { lost, consistent } = verify(databasePath, endingId, sent, grandBefore);
    const placed = sent.filter((entry) => entry.status === 201).length;
    const refused = sent.filter((entry) => entry.status === 409 && entry.message === MAXIMUM_TEXT).length;
    const latencyMs = percentiles(sent.map((entry) => entry.ms ?? 0));
    return {
      players: count,
      betsSent: sent.length,
      betsPlaced: placed,
      betsRefused: refused,
      betsLost: lost,
      latencyMs,
      wallMs,
      ledgerConsistent: consistent,
      targets: { p99Ms: TARGET_P99_MS, lost: 0, met: latencyMs.p99 <= TARGET_P99_MS && lost === 0 && consistent },
    };
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printJackpotFigures(figures: JackpotBenchFigures): void {
  const ms = (p: Percentiles) => `p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms`;
  console.info(`  entries sent ${figures.betsSent}, placed ${figures.betsPlaced}, refused at the slot maximum ${figures.betsRefused}; all answered in ${figures.wallMs} ms`);
  console.info(`  answer latency:                 ${ms(figures.latencyMs)}`);
  console.info(`  lost entries (database check): ${figures.betsLost}; ledger, slots and Grand pool consistent: ${figures.ledgerConsistent ? 'yes' : 'NO'}`);
  console.info(
    `  target p99 ≤ ${figures.targets.p99Ms} ms and 0 lost: ${figures.targets.met ? 'met' : 'NOT MET'} (p99 ${figures.latencyMs.p99} ms, ${figures.betsLost} lost)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info('Jackpot: 200 players placing Major entries on one game at once');
  printJackpotFigures(await runJackpotBench());
}
