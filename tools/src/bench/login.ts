// Sign-in under attack: while 200 wrong sign-ins arrive at once (from 200 addresses), how long
// does a real player's sign-in take, and does any wrong one get in? Two floods:
//   guessing — 200 passwords tried on one player (the per-username limit stops all but a few);
//   spraying — one password tried on 200 usernames (no per-username limit helps: the bounded
//              scrypt queue keeps the wait of an admitted sign-in short and refuses the rest).
//
//   tsx tools/src/bench/login.ts          (also part of `npm run bench`)
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EndpointCallError, authEndpoints, fetchEndpoint } from '@suwerte/contracts';
import { startPlayerApi, stopProcess } from '../player-api-process';
import { REPO_ROOT } from '../site';
import { percentiles, type Percentiles } from './karera';

const FLOOD = 200;
const REAL_SIGN_INS = 20;
/** The real players signing in during a flood (one sign-in each per flood: well within their own limit). */
const realPlayer = (index: number) => ({ username: `realplayer${String(index).padStart(2, '0')}`, password: 'real-secret-1' });
const VICTIM = { username: 'victim0001', password: 'victim-secret-1' };

export interface FloodFigures {
  name: string;
  /** Wrong sign-ins that got a token (must be 0). */
  attackerSuccesses: number;
  /** How the flood was answered: status code → count. */
  attackerStatuses: Record<string, number>;
  /** The real player's sign-ins during the flood. */
  realSignIns: number;
  realSucceeded: number;
  realMs: Percentiles;
}

export interface LoginBenchFigures {
  /** Sign-ins one after another with nothing else going on: this machine's speed. */
  idleMs: Percentiles;
  floods: FloodFigures[];
  targets: { realP99Ms: number; met: boolean };
}

function startApi(port: number, databasePath: string): Promise<ChildProcess> {
  const entry = path.join(REPO_ROOT, 'player-api', 'dist', 'main.js');
  if (!existsSync(entry)) throw new Error('player-api/dist/main.js is missing: run `npm run build` first.');
  return startPlayerApi({
    args: [entry],
    port,
    env: {
      APP_MODE: 'demo',
      DATABASE_PATH: databasePath,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The flood comes from many addresses: the bench names them in X-Forwarded-For, as a proxy would.
      TRUST_PROXY: '1',
      // The API's own defaults, stated: what a deployment runs with (docs/decisions/144).
      LOGIN_LIMIT_PER_IP: '30',
      LOGIN_LIMIT_PER_USERNAME_IP: '5',
      LOGIN_LIMIT_PER_USERNAME: '10',
    },
  });
}

let addressCounter = 0;
/** A fresh client address for each request (documentation ranges). */
const nextAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

async function signIn(api: string, username: string, password: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  let status: number = authEndpoints.login.status;
  try {
    await fetchEndpoint(authEndpoints.login, { body: { username, password } }, { api, headers: { 'x-forwarded-for': nextAddress() } });
  } catch (error) {
    // A refusal (401, 429, 503) is what is measured; only an unreachable API is a failure of the bench.
    if (!(error instanceof EndpointCallError) || error.status === null) throw error;
    status = error.status;
  }
  return { status, ms: performance.now() - started };
}

interface Attempt {
  username: string;
  password: string;
  address: string;
}

/**
 * The attacker, in a thread of its own: sending 200 requests at once costs its event loop real
 * time, which must not be counted in the real players' sign-ins measured on the main thread.
 */
// The attacker's requests are plain fetch: a thread started from source text cannot import the
// endpoint table, and it only counts statuses.
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { api, attempts } = workerData;
Promise.all(attempts.map(async ({ username, password, address }) => {
  const response = await fetch(api + '/player/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return response.status;
})).then((statuses) => parentPort.postMessage({ statuses }), (error) => parentPort.postMessage({ error: String(error) }));
`;

function attack(api: string, attempts: Attempt[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ATTACKER, { eval: true, workerData: { api, attempts } });
    worker.once('message', (message: { statuses?: number[]; error?: string }) => {
      void worker.terminate();
      if (message.statuses) resolve(message.statuses);
      else reject(new Error(message.error ?? 'the attacker thread failed'));
    });
    worker.once('error', reject);
  });
}

async function flood(api: string, name: string, attempt: (index: number) => Omit<Attempt, 'address'>): Promise<FloodFigures> {
  let settled = false;
  const attacks = attack(
    api,
    Array.from({ length: FLOOD }, (_, index) => ({ ...attempt(index), address: nextAddress() })),
  ).finally(() => {
    settled = true;
  });
  // Four real players each sign in again and again, one attempt after the other, for as long as
  // the flood is being answered (at least three times each): each attempt is one player's
  // experience of the site under attack.
  const realResults: { status: number; ms: number }[] = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let round = 0; round < REAL_SIGN_INS / 4 && (!settled || round < 3); round += 1) {
        const player = realPlayer(lane * 5 + round);
        realResults.push(await signIn(api, player.username, player.password));
      }
    }),
  );
  const attackResults = await attacks;
  const attackerStatuses: Record<string, number> = {};
  for (const status of attackResults) attackerStatuses[status] = (attackerStatuses[status] ?? 0) + 1;
  return {
    name,
    attackerSuccesses: attackResults.filter((status) => status === 200).length,
    attackerStatuses,
    realSignIns: realResults.length,
    realSucceeded: realResults.filter((result) => result.status === 200).length,
    realMs: percentiles(realResults.filter((result) => result.status === 200).map((result) => result.ms)),
  };
}

async function register(api: string, player: { username: string; password: string }): Promise<void> {
  const body = { ...player, referral: 'SUWERTE', email: `${player.username}@example.com`, contactnumber: '09170000000' };
  await fetchEndpoint(authEndpoints.register, { body }, { api, headers: { 'x-forwarded-for': nextAddress() } });
}

export async function runLoginBench(port = Number(process.env.BENCH_LOGIN_PORT ?? 5850)): Promise<LoginBenchFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-login-bench-'));
  const api = `http://127.0.0.1:${port}`;
  const child = await startApi(port, path.join(dataDir, 'login.sqlite'));
  try {
    for (const player of [VICTIM, ...Array.from({ length: REAL_SIGN_INS }, (_, index) => realPlayer(index))]) await register(api, player);
    // Warm up (the first hash pays for the key derivation's first allocation).
    await signIn(api, 'demoplayer', 'suwerte123');

    const idle: number[] = [];
    for (let index = 0; index < 10; index += 1) idle.push((await signIn(api, realPlayer(index).username, 'real-secret-1')).ms);
    const floods = [
      await flood(api, 'guessing: 200 passwords on one player', (index) => ({ username: VICTIM.username, password: `guess-${index}` })),
      await flood(api, 'spraying: one password on 200 usernames', (index) => ({ username: `sprayed${String(index).padStart(4, '0')}`, password: 'Password123' })),
    ];
    const realP99Ms = 1_000;
    return { idleMs: percentiles(idle), floods, targets: { realP99Ms, met: floods.every((figures) => figures.attackerSuccesses === 0 && figures.realMs.p99 <= realP99Ms) } };
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLoginFigures(figures: LoginBenchFigures): void {
  console.info(`  one sign-in at a time, no flood: p50 ${figures.idleMs.p50} ms, p99 ${figures.idleMs.p99} ms`);
  for (const flood of figures.floods) {
    const statuses = Object.entries(flood.attackerStatuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
    console.info(`  ${flood.name}`);
    console.info(`    wrong sign-ins that got in: ${flood.attackerSuccesses} (answers: ${statuses})`);
    console.info(
      `    real sign-ins during it (one after another): ${flood.realSucceeded} of ${flood.realSignIns} succeeded; p50 ${flood.realMs.p50} ms, p99 ${flood.realMs.p99} ms, max ${flood.realMs.max} ms`,
    );
  }
  console.info(`  target: nobody gets in, real sign-in p99 ≤ ${figures.targets.realP99Ms} ms: ${figures.targets.met ? 'met' : 'NOT MET'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(`Sign-in under a flood of ${FLOOD} wrong sign-ins`);
  printLoginFigures(await runLoginBench());
}
