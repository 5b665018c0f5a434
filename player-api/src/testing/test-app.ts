import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuildAppOptions } from '../app';
import type { ClusterOptions } from '../cluster/open';
import { LOCAL_SITE_ORIGINS, type AppMode, type LoginLimits } from '../config/env';
import type { Store } from '../db/store';
import { openTestStore } from './test-store';

export const TEST_SECRET = 'test-secret-for-the-player-api-0123456789';

/** Limits no test reaches unless it means to (tests sign in and register many times from one address). */
export const GENEROUS_LIMITS: LoginLimits = { failuresPerIp: 100_000, failuresPerUsernameAndIp: 100_000, failuresPerUsername: 100_000, registrationsPerIp: 100_000 };

/** A controllable clock for token expiry and timestamps. */
export interface TestClock {
  now: () => Date;
  set(date: Date): void;
  advanceSeconds(seconds: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advanceSeconds: (seconds) => {
      current = new Date(current.getTime() + seconds * 1000);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's store: SQLite, or PostgreSQL (its own schema) when TEST_DATABASE_URL is set (testing/test-store.ts). */
  store: Store;
  /** A temp folder of the test's own (uploads). */
  dir: string;
  /** Where another process finds the same data: the SQLite file, or the PostgreSQL URL with its schema. */
  location: string;
  clock: TestClock;
  tokenTtlSeconds: number;
  /** Logs a token in through POST /player/login; fails the test on anything but 200. */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Default demo: the demo users, data and stand-ins the tests rely on. */
  mode?: AppMode;
  /** Default the local site's origins (http://localhost:3000…3004). */
  corsOrigins?: readonly string[];
  tokenTtlSeconds?: number;
  logger?: FastifyServerOptions['logger'];
  /** With a logger: routine reads written one in this many (default every line). */
  accessLogReadSample?: number;
  /** Sign-in and registration throttling; default generous (tests sign in many times from one address). */
  loginLimits?: LoginLimits;
  /** Proof uploads per address per hour; default generous. */
  uploadsPerIp?: number;
  /** Request timeouts (default the API's). */
  timeouts?: BuildAppOptions['timeouts'];
  /** Several nodes (PostgreSQL only): Redis, its prefix, the leader-check interval, the node id. Default one node without Redis. */
  cluster?: ClusterOptions;
  /**
   * Demo mode's basketball slate: games in every state with demo bets. Off by default — building it
   * is most of a test app's start-up (~1.2 s of 1.9 on PostgreSQL) and only the tests of what reads
   * the schedule need it (docs/decisions/172).
   */
  demoSlate?: boolean;
  /** Register extra routes before the app is ready (e.g. test-only money routes). */
  extend?: (app: FastifyInstance, store: Store) => void | Promise<void>;
}

/** A fresh database of its own (a SQLite file, or a PostgreSQL schema) and the app over it (not listening; use `app.inject`). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'suwerte-player-api-'));
  const testStore = await openTestStore();
  const { store } = testStore;
  const clock = createClock();
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
  const app = await buildApp({
    database: store,
    jwtSecret: TEST_SECRET,
    tokenTtlSeconds,
    now: clock.now,
    mode: options.mode ?? 'demo',
    corsOrigins: options.corsOrigins ?? LOCAL_SITE_ORIGINS,
    logger: options.logger ?? false,
    ...(options.accessLogReadSample ? { accessLogReadSample: options.accessLogReadSample } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    loginLimits: options.loginLimits ?? GENEROUS_LIMITS,
    uploadsPerIp: options.uploadsPerIp ?? 100_000,
    demoSlate: options.demoSlate ?? false,
    ...options.cluster,
  });
  await options.extend?.(app, store);
  await app.ready();
  return {
    app,
    store,
    dir,
    location: testStore.location,
    clock,
    tokenTtlSeconds,
    async login(username, password) {
      const response = await app.inject({ method: 'POST', url: '/player/login', payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { accesstoken: string }).accesstoken;
    },
    async close() {
      await app.close();
      await testStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The environment a command line (the operator CLI) needs to open the test's data. */
export function dataEnvOf(t: Pick<TestApp, 'store' | 'location'>): { DATABASE_PATH: string } | { DATABASE_URL: string } {
  return t.store.engine === 'postgres' ? { DATABASE_URL: t.location } : { DATABASE_PATH: t.location };
}

/** A socket ticket (POST /karera/ticket) for the session of `token`: the access token of one Video Karera connection. */
export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/karera/ticket', headers: bearer(token), payload: {} });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return (response.json() as { accesstoken: string }).accesstoken;
}

/** A launch token (POST /game/launch) of `game` (and its id) for the session of `token`. */
export async function launchTokenFor(app: FastifyInstance, token: string, game: string, id?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/game/launch', headers: bearer(token), payload: id === undefined ? { game } : { game, id } });
  if (response.statusCode !== 200) throw new Error(`launch: ${response.statusCode} ${response.body}`);
  return (response.json() as { accesstoken: string }).accesstoken;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The body of a response, parsed as JSON. */
export function body(response: LightMyRequestResponse): unknown {
  return response.json();
}
