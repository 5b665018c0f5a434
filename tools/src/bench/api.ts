import { randomBytes } from 'node:crypto';
// The API figures: throughput and latency of the calls players make most, each beside a
// hello-world Fastify measured in the same run (the floor of Node and Fastify on this machine), and
// what request logging costs. The load comes from wrk, a process of its own (one thread, 50
// connections), against production builds started here. Run alone: `npx tsx tools/src/bench/api.ts`.
import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startPlayerApi, stopProcess } from '../player-api-process';
import { REPO_ROOT } from '../site';
import { createPlayers, signToken } from './players';

export interface LoadFigure {
  name: string;
  /** `METHOD /path` as players call it. */
  call: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number };
  /** Answers other than 2xx/3xx (e.g. a bet refused at the slot maximum), and socket errors. */
  non2xx: number;
  errors: number;
  /** This figure's throughput as a share of hello-world's; its p99 as a multiple of hello-world's. */
  vsHelloWorld?: { throughput: number; p99: number };
  /**
   * Writes only: the same call run again with its connections opened inside the counted run, all at
   * once. Node accepts one connection per event-loop turn, so under load the last of the burst waits
   * in the accept queue for the turns ahead of it (docs/decisions/133): this keeps that cost in view.
   */
  connectBurst?: { p99: number; maxMs: number };
}

export interface LoggingCost {
  call: string;
  /**
   * Requests per second with the API's log at `warn` (nothing per request) and at `info` as shipped
   * (the access log: routine reads one line in ACCESS_LOG_READ_SAMPLE's default of 10, docs/decisions/129).
   */
  warnRps: number;
  infoRps: number;
  /** 1 − info/warn of each back-to-back pair of runs, in the order run. */
  pairCosts: number[];
  /** The mean of `pairCosts` (pairs in swapped order): the share of throughput the request log costs. */
  cost: number;
}

export interface ApiBenchFigures {
  helloWorld: LoadFigure;
  calls: LoadFigure[];
  logging: LoggingCost;
  /** Every bench player's balance equals their ledger's sum after the bets and cash-outs. */
  ledgerConsistent: boolean;
  targets: { name: string; met: boolean; detail: string }[];
}

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
/** A random secret per run: the API refuses predictable ones (docs/decisions/147). */
const BENCH_SECRET = randomBytes(32).toString('hex');
const PLAYERS = 200;
const FUNDS_CENTAVOS = 100_000_000;
const TARGET_SCHEDULE_SHARE = 0.25;
const TARGET_SCHEDULE_P99_MS = 20;
const TARGET_WRITE_P99_MS = 50;
const TARGET_LOG_COST = 0.1;
/** Back-to-back warn/info pairs the request log's cost is the mean of: even, so each order runs as often. */
const LOG_PAIRS = 4;
/**
 * How long a write's script holds each connection's first request, so the idle API has accepted all
 * of them before wrk counts anything (its latency clock starts when a request is written).
 */
const HOLD_FIRST_MS = 200;

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const amount = Number(match[1]);
  return match[2] === 'us' ? amount / 1000 : match[2] === 'ms' ? amount : match[2] === 's' ? amount * 1000 : amount * 60_000;
}

/** Reads wrk's report (`--latency`). */
export function parseWrk(output: string): Pick<LoadFigure, 'requestsPerSecond' | 'latencyMs' | 'non2xx' | 'errors'> & { maxMs: number } {
  const percentile = (p: number) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN)),
    latencyMs: { p50: percentile(50), p90: percentile(90), p99: percentile(99) },
    maxMs: toMs(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m.exec(output)?.[1] ?? ''),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export interface WrkRun {
  url: string;
  seconds?: number;
  /** A wrk Lua script (requests with bodies and tokens). */
  script?: string;
}

function wrk({ url, seconds = SECONDS, script }: WrkRun): Promise<string> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`))));
  });
}

export async function measure(name: string, call: string, run: WrkRun): Promise<LoadFigure> {
  await wrk({ ...run, seconds: WARMUP_SECONDS });
  const { maxMs: _maxMs, ...figure } = parseWrk(await wrk(run));
  return { name, call, connections: CONNECTIONS, seconds: run.seconds ?? SECONDS, ...figure };
}

/**
 * A write measured with its connections opened before counting (its script holds each first
 * request, see `luaScript`), then again, warm, with the same script but for that hold: the new
 * connections' burst is counted there, and kept as `connectBurst`.
 */
async function measureWrite(name: string, call: string, url: string, scripts: { held: string; burst: string }): Promise<LoadFigure> {
  const figure = await measure(name, call, { url, script: scripts.held });
  const burst = parseWrk(await wrk({ url, script: scripts.burst }));
  return { ...figure, connectBurst: { p99: burst.latencyMs.p99, maxMs: burst.maxMs } };
}

export interface LuaScriptOptions {
  /**
   * Hold the first request of each of the run's connections this long. wrk's latency clock starts
   * when a request is written, so the wait is not counted: the connections are open before anything
   * is. wrk asks `delay()` before every request; with one thread the first CONNECTIONS asks are the
   * connections' first requests (they all connect at once), every later one answers 0.
   */
  holdFirstMs?: number;
}

/**
 * A wrk script that sends `method path` as one of `tokens` in turn, with a JSON body made per
 * request by the Lua statements in `body` (which set `body`), or none.
 */
export function luaScript(file: string, method: string, urlPath: string, tokens: string[], body = 'local body = nil', options: LuaScriptOptions = {}): string {
  const hold = options.holdFirstMs
    ? `local held = 0
delay = function()
  if held < ${CONNECTIONS} then
    held = held + 1
    return ${options.holdFirstMs}
  end
  return 0
end
`
    : '';
  writeFileSync(
    file,
    `local tokens = { ${tokens.map((token) => JSON.stringify(token)).join(', ')} }
local n = 0
${hold}request = function()
  n = n + 1
  local headers = { ["content-type"] = "application/json", ["authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }
  ${body}
  return wrk.format(${JSON.stringify(method)}, ${JSON.stringify(urlPath)}, headers, body)
end
`,
  );
  return file;
}

/** A wrk script of ₱50 withdrawals (`POST /transaction/cashout/instapay`) to `mode`, each player in turn. */
export function cashOutLuaScript(file: string, tokens: string[], mode: string, options: LuaScriptOptions = {}): string {
  return luaScript(
    file,
    'POST',
    '/transaction/cashout/instapay',
    tokens,
    `local body = '{"Amount":50,"AccountName":"Bench Player","AccountNumber":"0917' .. string.format("%07d", n) .. '","Mode":"${mode}","Balance":0,"TransactionType":0}'`,
    options,
  );
}

export function ensureWrk(): void {
  const found = spawnSync('wrk', ['--version']);
  if (found.error) {
    spawnSync('bash', [path.join(REPO_ROOT, 'tools', 'ensure-system-deps.sh'), 'wrk'], { stdio: 'inherit' });
    if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed for the API figures: apt-get install -y wrk');
  }
}

function apiProcess(port: number, databasePath: string, logLevel: string, stdout: number | 'ignore'): Promise<ChildProcess> {
  return startPlayerApi({
    args: ['--enable-source-maps', path.join(REPO_ROOT, 'player-api', 'dist', 'main.js')],
    port,
    env: { APP_MODE: 'demo', DATABASE_PATH: databasePath, JWT_SECRET: BENCH_SECRET, LOG_LEVEL: logLevel, CORS_ORIGINS: 'http://localhost:3000' },
    stdout,
  });
}

function ledgerConsistent(databasePath: string): boolean {
  const db = new Database(databasePath, { readonly: true, timeout: 10_000 });
  try {
    const bad = db
      .prepare<[], { bad: number }>(
        `SELECT COUNT(*) AS bad FROM users u WHERE u.username LIKE 'apibench%'
         AND u.balance_centavos <> (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = u.id)`,
      )
      .get()?.bad;
    return bad === 0;
  } finally {
    db.close();
  }
}

export interface ApiBenchOptions {
  /** First of the ports the bench uses (base … base+2). @default 6760 */
  portBase?: number;
}

export async function runApiBench(options: ApiBenchOptions = {}): Promise<ApiBenchFigures> {
  ensureWrk();
  const base = options.portBase ?? 6760;
  const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-api-bench-'));
  const processes: ChildProcess[] = [];
  const logFd = openSync(path.join(dir, 'api-info.log'), 'a');
  try {
    const hello = await startPlayerApi({ args: [path.join(BENCH_DIR, 'hello-world.mjs'), String(base)], port: base, env: {} });
    processes.push(hello);
    const helloWorld = await measure('hello-world Fastify', 'GET /', { url: `http://127.0.0.1:${base}/` });
    await stopProcess(hello);

    const databasePath = path.join(dir, 'api.sqlite');
    const api = await apiProcess(base + 1, databasePath, 'warn', 'ignore');
    processes.push(api);
    const apiUrl = `http://127.0.0.1:${base + 1}`;
    const players = createPlayers(databasePath, PLAYERS, { prefix: 'apibench', fundsCentavos: FUNDS_CENTAVOS });
    const key = new TextEncoder().encode(BENCH_SECRET);
    const tokens = await Promise.all(players.map((player) => signToken(key, player)));

    const calls: LoadFigure[] = [];
    calls.push(await measure('sports schedule', 'GET /schedule', { url: `${apiUrl}/schedule` }));
    // Lotto's schedule is for signed-in players.
    const lottoScript = luaScript(path.join(dir, 'lotto.lua'), 'GET', '/schedule/active/lotto', tokens);
    calls.push(await measure('lotto schedule', 'GET /schedule/active/lotto', { url: apiUrl, script: lottoScript }));

    // The demo games not started yet: Major entries open on quarters 1–3; ₱10 a row on random
    // slots of a random game, from 200 players in turn. Every open game takes bets, so the slot
    // maximums (₱2,000 a slot and quarter) stay far away: a refusal at the maximum is a cheap
    // rollback, and would flatter the figure.
    const schedule = (await (await fetch(`${apiUrl}/schedule`)).json()) as { Status: number; EndingBettingStatus: number; Ending: { _id: string } }[];
    const games = schedule.filter((entry) => entry.Status === 0 && entry.EndingBettingStatus === 1).map((entry) => entry.Ending._id);
    if (games.length === 0) throw new Error('no game open for Major betting in the demo slate');
    const betScript = (file: string, options?: LuaScriptOptions) =>
      luaScript(
        path.join(dir, file),
        'POST',
        '/bet/jackpot/ending',
        tokens,
        `local games = { ${games.map((id) => JSON.stringify(id)).join(', ')} }
  local rows = {}
  for quarter = 1, 3 do
    rows[quarter] = string.format('{"Amount":10,"jackpot":2,"slot1":%d,"slot2":%d,"quarter":%d}', math.random(0, 9), math.random(0, 9), quarter)
  end
  local body = '{"GameId":"' .. games[math.random(1, #games)] .. '","bets":[' .. table.concat(rows, ",") .. ']}'`,
        options,
      );
    // The writes' targets are about the write: their connections are open before wrk counts
    // (docs/decisions/133), and the burst of new connections is measured on its own after.
    const hold = { holdFirstMs: HOLD_FIRST_MS };
    calls.push(
      await measureWrite('jackpot entry (a bet)', 'POST /bet/jackpot/ending', apiUrl, { held: betScript('bets-held.lua', hold), burst: betScript('bets.lua') }),
    );

    const banks = (await (await fetch(`${apiUrl}/transaction/bankcodes/instapay`, { headers: { authorization: `Bearer ${tokens[0] ?? ''}` } })).json()) as {
      data: { data: { code: string }[] };
    };
    const mode = banks.data.data[0]?.code;
    if (!mode) throw new Error('no bank codes for instapay');
    calls.push(
      await measureWrite('cash-out (a withdrawal)', 'POST /transaction/cashout/instapay', apiUrl, {
        held: cashOutLuaScript(path.join(dir, 'cashouts-held.lua'), tokens, mode, hold),
        burst: cashOutLuaScript(path.join(dir, 'cashouts.lua'), tokens, mode),
      }),
    );
    const consistent = ledgerConsistent(databasePath);

    // The request log: the same cheap call with the API logging nothing per request (warn) and its
    // access log as shipped (info: a line per write, refusal or slow answer, one per ten routine
    // reads — docs/decisions/129) to a file, in back-to-back pairs so both runs of a pair see the same
    // machine. The order swaps each pair (warn-info, info-warn, …) and the figure is the pairs'
    // mean: the second run of a pair tends to be the slower (one run's three pairs: 23.5 % with info
    // second, 0.3 % with info first, 16.6 % with info second), and with an even number of swapped
    // pairs that drift cancels instead of counting as the log's cost.
    // One API per database at a time (it runs the games' clock): each run starts its own.
    await stopProcess(api);
    const logCall = '/schedule/active/lotto';
    const runAt = async (level: 'warn' | 'info') => {
      const child = await apiProcess(base + 2, databasePath, level, level === 'info' ? logFd : 'ignore');
      processes.push(child);
      const figure = await measure(level, `GET ${logCall}`, { url: `http://127.0.0.1:${base + 2}`, script: lottoScript, seconds: 5 });
      await stopProcess(child);
      return figure.requestsPerSecond;
    };
    const warnRuns: number[] = [];
    const infoRuns: number[] = [];
    const pairCosts: number[] = [];
    for (let pair = 0; pair < LOG_PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? (['warn', 'info'] as const) : (['info', 'warn'] as const);
      const rps = { warn: 0, info: 0 };
      for (const level of order) rps[level] = await runAt(level);
      warnRuns.push(rps.warn);
      infoRuns.push(rps.info);
      pairCosts.push(Math.round((1 - rps.info / rps.warn) * 1000) / 1000);
    }
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const cost = Math.round((pairCosts.reduce((sum, value) => sum + value, 0) / pairCosts.length) * 1000) / 1000;
    const logging: LoggingCost = { call: `GET ${logCall}`, warnRps: mean(warnRuns), infoRps: mean(infoRuns), pairCosts, cost };

    for (const figure of calls) {
      figure.vsHelloWorld = {
        throughput: Math.round((figure.requestsPerSecond / helloWorld.requestsPerSecond) * 1000) / 1000,
        p99: Math.round((figure.latencyMs.p99 / helloWorld.latencyMs.p99) * 10) / 10,
      };
    }
    const byCall = (call: string) => calls.find((figure) => figure.call === call);
    const targets: ApiBenchFigures['targets'] = [];
    for (const call of ['GET /schedule', 'GET /schedule/active/lotto']) {
      const figure = byCall(call);
      if (!figure?.vsHelloWorld) continue;
      targets.push({
        name: `${call}: ≥ ${TARGET_SCHEDULE_SHARE} of hello-world, p99 ≤ ${TARGET_SCHEDULE_P99_MS} ms`,
        met: figure.vsHelloWorld.throughput >= TARGET_SCHEDULE_SHARE && figure.latencyMs.p99 <= TARGET_SCHEDULE_P99_MS && figure.non2xx === 0,
        detail: `${figure.vsHelloWorld.throughput} of hello-world, p99 ${figure.latencyMs.p99} ms`,
      });
    }
    for (const call of ['POST /bet/jackpot/ending', 'POST /transaction/cashout/instapay']) {
      const figure = byCall(call);
      if (!figure) continue;
      const burst = figure.connectBurst ? `; ${figure.connectBurst.p99} ms with ${CONNECTIONS} new connections at once` : '';
      targets.push({
        name: `${call}: p99 ≤ ${TARGET_WRITE_P99_MS} ms`,
        met: figure.latencyMs.p99 <= TARGET_WRITE_P99_MS,
        detail: `p99 ${figure.latencyMs.p99} ms on open connections${burst}`,
      });
    }
    targets.push({ name: `request log costs ≤ ${TARGET_LOG_COST * 100} %`, met: logging.cost <= TARGET_LOG_COST, detail: `${(logging.cost * 100).toFixed(1)} %` });
    targets.push({ name: 'bench players: balances = ledger sums', met: consistent, detail: consistent ? 'yes' : 'NO' });
    return { helloWorld, calls, logging, ledgerConsistent: consistent, targets };
  } finally {
    for (const child of processes) await stopProcess(child);
    closeSync(logFd);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printApiFigures(figures: ApiBenchFigures): void {
  const line = (figure: LoadFigure) => {
    const versus = figure.vsHelloWorld ? `  = ${figure.vsHelloWorld.throughput.toFixed(3)} of hello-world, p99 ×${figure.vsHelloWorld.p99}` : '';
    const refused = figure.non2xx || figure.errors ? `  (${figure.non2xx} non-2xx, ${figure.errors} socket errors)` : '';
    const burst = figure.connectBurst
      ? `\n  ${''.padEnd(36)} with its ${figure.connections} connections opened at once inside the run: p99 ${figure.connectBurst.p99} ms, max ${figure.connectBurst.maxMs} ms`
      : '';
    console.info(
      `  ${figure.call.padEnd(36)} ${String(figure.requestsPerSecond).padStart(6)} req/s  p50 ${figure.latencyMs.p50} ms  p90 ${figure.latencyMs.p90} ms  p99 ${figure.latencyMs.p99} ms${versus}${refused}${burst}`,
    );
  };
  line(figures.helloWorld);
  figures.calls.forEach(line);
  const { logging } = figures;
  const pairs = logging.pairCosts.map((cost) => `${(cost * 100).toFixed(1)} %`).join(', ');
  console.info(
    `  request log (${logging.call}): ${logging.warnRps} req/s at warn, ${logging.infoRps} req/s at info (means); pairs ${pairs} → costs ${(logging.cost * 100).toFixed(1)} % (their mean)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(`API: wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s a call, beside a hello-world Fastify`);
  const figures = await runApiBench();
  printApiFigures(figures);
  for (const target of figures.targets) console.info(`  target ${target.name}: ${target.met ? 'met' : 'NOT MET'} (${target.detail})`);
}
