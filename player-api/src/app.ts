import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOGIN_LIMITS, DEFAULT_UPLOADS_PER_IP, type AppMode, type LoginLimits } from './config/env';
import type { Cluster } from './cluster/cluster';
import type { ClusterOptions } from './cluster/open';
import type { AppContext, AppEvents, Feature } from './context';
import { committedSessions, committedUsers } from './db/committed';
import { automaticBackup, type BackupSummary } from './db/backup';
import { migrate, migrateFeature, pendingMigrations } from './db/migrations';
import { migratePostgres } from './db/postgres-schema';
import { demoAccountNames, seed } from './features/seed/seed';
import { openStore, type Store } from './db/store';
import { accountFeature } from './features/account/feature';
import { authFeature } from './features/auth/feature';
import { betsFeature } from './features/bets/feature';
import { gameSiteFeature } from './features/game-site/feature';
import { healthFeature } from './features/health/feature';
import { jackpotFeature } from './features/jackpot/feature';
import { kareraFeature } from './features/karera/feature';
import { lottoFeature } from './features/lotto/feature';
import { sportsFeature } from './features/sports/feature';
import { demoActivityFeature } from './features/demo-activity/feature';
import { depositsFeature } from './features/deposits/feature';
import { operatorFeature } from './features/operator/feature';
import { paymentGatewayFeature } from './features/payment-gateway/feature';
import { paymentOptionsFeature } from './features/payment-options/feature';
import { uploadsFeature } from './features/uploads/feature';
import { withdrawalsFeature } from './features/withdrawals/feature';
import { telemetryFeature } from './features/telemetry/feature';
import { createAuthenticate, type LaunchScope, type SessionCheck } from './lib/auth';
import { serializeRequest } from './lib/log-redaction';
import { createTokenService } from './lib/tokens';
import { accessLogPlugin } from './plugins/access-log';
import { authPlugin } from './plugins/auth';
import { clusterPlugin } from './plugins/cluster';
import { compressionPlugin } from './plugins/compression';
import { corsPlugin } from './plugins/cors';
import { drainingPlugin } from './plugins/draining';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { zodSchemasPlugin } from './plugins/zod-schemas';

export { clusterOf } from './plugins/cluster';
export { UTF8_ONLY_TEXT } from './plugins/errors';
export { SECURITY_HEADERS_OPTIONS } from './plugins/security-headers';

// The shared contracts turn zod's JIT off for browsers (their CSP forbids eval); the server has
// no such policy and parses every bet and request, so it keeps the faster compiled parsers.
z.config({ jitless: false });

/** Every feature of the API, one folder each. Add new features (deposits, lotto, karera…) here. */
export const FEATURES: readonly Feature[] = [
  healthFeature,
  authFeature,
  accountFeature,
  jackpotFeature,
  betsFeature,
  gameSiteFeature,
  // Members area: payment options, uploads, deposits (manual + QR gateway), withdrawals, operator review, demo week.
  paymentOptionsFeature,
  depositsFeature,
  // After deposits: its first migration gives the proofs of existing deposits their owners.
  uploadsFeature,
  paymentGatewayFeature,
  withdrawalsFeature,
  operatorFeature,
  demoActivityFeature,
  kareraFeature,
  lottoFeature,
  sportsFeature,
  // Remote releases failing in players' pages (canaries).
  telemetryFeature,
];

export interface BuildAppOptions extends ClusterOptions {
  /** demo: demo data and the stand-ins for outside services; production: none of that. */
  mode: AppMode;
  /**
   * Where the data lives: a postgres:// URL (PostgreSQL), a SQLite file path (':memory:' allowed),
   * or an already opened store (left open on close).
   */
  database: string | Store;
  jwtSecret: string;
  /** How long a session lasts unused (its tokens' lifetime; renewed while used); default 43200 (12 h). */
  tokenTtlSeconds?: number;
  /** The clock; injectable for tests. Default `() => new Date()`. */
  now?: () => Date;
  /** Browser origins allowed to call the API (CORS), each listed. Default none. */
  corsOrigins?: readonly string[];
  /** Proxies in front of the API whose X-Forwarded-For names the client (a hop count or their addresses). Default none. */
  trustProxy?: number | readonly string[] | false;
  /** How long a client may take to send its headers, and its whole request (body included). */
  timeouts?: Partial<RequestTimeouts>;
  /** Sign-in and registration throttling. Default DEFAULT_LOGIN_LIMITS. */
  loginLimits?: LoginLimits;
  /** Proof uploads per client address per hour. Default DEFAULT_UPLOADS_PER_IP. */
  uploadsPerIp?: number;
  /** The externally visible base URL of the API. Default http://localhost:4000. */
  publicUrl?: string;
  /** Fastify logger options; default off. */
  logger?: FastifyServerOptions['logger'];
  /** With a logger: routine reads' access lines are written one in this many (lib/access-log.ts). @default 1 (every line) */
  accessLogReadSample?: number;
  /** Demo mode's basketball slate (AppContext.demoSlate); only tests turn it off. @default true */
  demoSlate?: boolean;
}

export interface RequestTimeouts {
  headersMs: number;
  requestMs: number;
}

/**
 * Slow clients cannot hold connections open: 15 s for the headers, 120 s for a whole request —
 * enough for a 5 MB proof photo over a slow phone connection, not for a drip-fed body.
 */
export const DEFAULT_TIMEOUTS: RequestTimeouts = { headersMs: 15_000, requestMs: 120_000 };

/** ASVS level 2: a session ends after at most 12 hours without activity (docs/decisions/143). */
export const DEFAULT_TOKEN_TTL_SECONDS = 43_200;
export const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

const SESSIONS_ENDED = 'sessions-ended';
const SESSION_ENDED = 'session-ended';
const SessionsEnded = z.object({ userId: z.string(), version: z.number().int() });
const SessionEnded = z.object({ sessionId: z.string() });

/** The app's events: this node's listeners at once, every other node's through the cluster (Redis). */
function createEvents(cluster: Cluster): AppEvents {
  const listeners: ((userId: string, version: number) => void)[] = [];
  const sessionListeners: ((sessionId: string) => void)[] = [];
  const notify = (userId: string, version: number) => listeners.forEach((listener) => listener(userId, version));
  const notifySession = (sessionId: string) => sessionListeners.forEach((listener) => listener(sessionId));
  // A password changed, or a logout, through another node ends this node's sockets and streams of the account too.
  cluster.subscribe(SESSIONS_ENDED, (message) => {
    const ended = SessionsEnded.safeParse(message);
    if (ended.success) notify(ended.data.userId, ended.data.version);
  });
  cluster.subscribe(SESSION_ENDED, (message) => {
    const ended = SessionEnded.safeParse(message);
    if (ended.success) notifySession(ended.data.sessionId);
  });
  return {
    sessionsEnded(userId, version) {
      notify(userId, version);
      cluster.publish(SESSIONS_ENDED, { userId, version });
    },
    onSessionsEnded: (listener) => void listeners.push(listener),
    sessionEnded(sessionId) {
      notifySession(sessionId);
      cluster.publish(SESSION_ENDED, { sessionId });
    },
    onSessionEnded: (listener) => void sessionListeners.push(listener),
  };
}

/** The game site's calls on a game (`/bet/game/:id`) take a launch token of that game's launch. */
const launchOfThisGame: LaunchScope = (launch, request) => {
  const params = request.params as { id?: unknown } | undefined;
  return launch.gameId !== undefined && params?.id === launch.gameId;
};

/** The context every feature gets: the database, clock, tokens, events and the role checks. */
export function createAppContext(
  base: Pick<AppContext, 'mode' | 'store' | 'cluster' | 'now' | 'tokens' | 'sessionIdleSeconds' | 'publicUrl' | 'demoSlate' | 'corsOrigins' | 'loginLimits' | 'uploadsPerIp'>,
): AppContext {
  const sessionCheck: SessionCheck = { users: committedUsers(base.store), sessions: committedSessions(base.store), mode: base.mode, now: base.now };
  return {
    ...base,
    sessionCheck,
    events: createEvents(base.cluster),
    authenticate: createAuthenticate(sessionCheck, base.tokens, 'player'),
    authenticateOperator: createAuthenticate(sessionCheck, base.tokens, 'operator'),
    authenticateSignedIn: createAuthenticate(sessionCheck, base.tokens, ['player', 'operator']),
    authenticateGameSite: createAuthenticate(sessionCheck, base.tokens, 'player', launchOfThisGame),
  };
}

/** What bringing a schema up to date did: its changes (none on a new or current database) and the backup taken first. */
export interface MigrationReport {
  engine: Store['engine'];
  /** "schema 6 → 7", "feature health 0 → 1"… */
  changes: string[];
  /** SQLite: the online backup written before the first change (docs/decisions/182). */
  backup: BackupSummary | null;
}

/**
 * Brings the store's schema up to date: the core tables and every feature's, on its engine. On
 * SQLite a database that is about to change is first backed up beside it (backups/…), and a
 * backup that fails stops the change; PostgreSQL's changes run in one transaction (pg_dump is
 * the operator's backup there).
 */
export async function migrateStore(store: Store): Promise<MigrationReport> {
  if (store.engine === 'postgres') {
    return { engine: 'postgres', changes: await migratePostgres(store, FEATURES), backup: null };
  }
  const handle = store.sqlite;
  if (!handle) throw new Error('a SQLite store without its handle');
  const changes = handle.memory ? [] : pendingMigrations(handle, FEATURES);
  const backup = changes.length > 0 ? await automaticBackup(handle, 'before-migration') : null;
  migrate(handle);
  for (const feature of FEATURES) if (feature.migrations) migrateFeature(handle, feature.name, feature.migrations);
  return { engine: 'sqlite', changes, backup };
}

/** The log line of a schema change, so an operator knows what changed and where the way back is. */
function logMigration(log: FastifyBaseLogger, report: MigrationReport): void {
  if (report.changes.length === 0) return;
  if (report.backup) log.info({ changes: report.changes, backup: report.backup.file }, `schema changed (${report.changes.join(', ')}); the database as it was is backed up in ${report.backup.file}`);
  else log.info({ changes: report.changes }, `schema changed (${report.changes.join(', ')}); PostgreSQL is backed up with pg_dump, before an upgrade`);
}

/** Builds the player API (not yet listening; tests use `app.inject`). Closing the app closes a database it opened. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const ownsDb = typeof options.database === 'string';
  const store = typeof options.database === 'string' ? openStore(options.database) : options.database;
  let cluster: Cluster | undefined;

  try {
    const migration = await migrateStore(store);
    const seedOptions = { demo: options.mode === 'demo', now: now() };
    await seed(store, seedOptions);
    for (const feature of FEATURES) await feature.seed?.(store, seedOptions);

    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const trustProxy = options.trustProxy;
    const app = Fastify({
      // Every request line goes through the redacting serializer: no token in any log.
      logger: !options.logger ? false : { ...(options.logger === true ? {} : options.logger), serializers: { req: serializeRequest } },
      // One access line per request, written with the answer (plugins/access-log.ts), instead of Fastify's two:
      // half the log work on every call (docs/decisions/093).
      logController: new LogController({ disableRequestLogging: true }),
      routerOptions: { ignoreTrailingSlash: true },
      bodyLimit: 1024 * 1024,
      // A feature's start (its Redis subscriptions, the Karera leader's election, the first reads)
      // took more than Fastify's 10 s on a loaded 2-core node; a start that hangs still fails, in 30 s.
      pluginTimeout: 30_000,
      requestTimeout: timeouts.requestMs,
      // Node checks the timeouts on an interval (30 s by default): often enough to honour short ones.
      http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs, timeouts.requestMs) },
      // A hop count trusts that many proxies nearest the API; addresses trust those proxies only.
      trustProxy: trustProxy === undefined || trustProxy === false ? false : typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : [...trustProxy],
    });
    if (ownsDb) app.addHook('onClose', async () => store.close());
    logMigration(app.log, migration);
    if (options.mode !== 'demo') {
      const demoAccounts = await demoAccountNames(store);
      // A database first used in demo mode: its demo accounts stay (their play money in the
      // ledger) but never sign in here, and their sessions are over (docs/decisions/140).
      if (demoAccounts.length > 0) app.log.warn({ demoAccounts }, 'demo accounts found: they cannot sign in outside demo mode');
    }

    // One plugin per concern (src/plugins/), in this order: the security headers before the
    // errors' request checks (a refusal carries them), draining before the cluster (its preClose
    // first), the cluster before the context, compression and auth before the features' routes.
    await app.register(securityHeadersPlugin);
    await app.register(errorsPlugin);
    if (options.logger) await app.register(accessLogPlugin, { readSample: options.accessLogReadSample ?? 1 });
    await app.register(zodSchemasPlugin);
    await app.register(drainingPlugin);
    await app.register(corsPlugin, { origins: options.corsOrigins ?? [] });
    await app.register(compressionPlugin);

    const sessionIdleSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    const tokens = createTokenService({ secret: options.jwtSecret, ttlSeconds: sessionIdleSeconds, now });
    await app.register(clusterPlugin, { store, cluster: options });
    cluster = app.cluster;
    const ctx = createAppContext({ mode: options.mode, store, cluster: app.cluster, now, tokens, sessionIdleSeconds, publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL, demoSlate: options.demoSlate ?? true, corsOrigins: [...(options.corsOrigins ?? [])], loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS, uploadsPerIp: options.uploadsPerIp ?? DEFAULT_UPLOADS_PER_IP });
    await app.register(authPlugin, { ctx });

    for (const feature of FEATURES) {
      // Each feature gets its own encapsulated scope (hooks and decorators stay inside it).
      await app.register(async (scope) => {
        await feature.register(scope, ctx);
      });
    }
    return app;
  } catch (error) {
    await cluster?.close();
    if (ownsDb) await store.close();
    throw error;
  }
}
