import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOGIN_LIMITS, DEFAULT_UPLOADS_PER_IP, type AppMode, type LoginLimits } from './config/env';
import type { Cluster } from './cluster/cluster';
import { openCluster, type ClusterOptions } from './cluster/open';
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
import { accessLogHook } from './lib/access-log';
import { reuseSerialization } from './lib/answer-cache';
import { createAuthenticate, type LaunchScope, type SessionCheck } from './lib/auth';
import { serializeRequest } from './lib/log-redaction';
import { recordRoutes } from './lib/route-registry';
import { HttpError, UNSTORABLE_TEXT, installErrorHandling } from './lib/errors';
import { applySecurityHeaders, securityHeadersOf } from './lib/security-headers';
import { createTokenService } from './lib/tokens';

// The shared contracts turn zod's JIT off for browsers (their CSP forbids eval); the server has
// no such policy and parses every bet and request, so it keeps the faster compiled parsers.
z.config({ jitless: false });

/** The schemas fastify-type-provider-zod compiles (an endpoint's response schema). */
type ZodRouteSchema = Parameters<typeof serializerCompiler>[0]['schema'];

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

/** While closing, how often connections that went idle are closed. */
const DRAIN_CHECK_MS = 50;

/** Only UTF-8 bodies are read: another charset would be parsed as if it were UTF-8. */
export const UTF8_ONLY_TEXT = 'Send the request body in UTF-8 (charset=utf-8)';

/** ASVS level 2: a session ends after at most 12 hours without activity (docs/decisions/143). */
export const DEFAULT_TOKEN_TTL_SECONDS = 43_200;
export const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

/**
 * Security headers on every answer (nosniff, frame and referrer rules…), helmet's. An API answer
 * is no page: nothing may load from it. The few HTML pages (demo stand-ins) send their own CSP.
 */
export const SECURITY_HEADERS_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
};

/** Why a request is refused before any handler, if it is: a NUL in the path, or a body in another charset than UTF-8. */
function refusalOf(request: FastifyRequest): HttpError | undefined {
  // A NUL in the path names nothing and no database stores it.
  if (request.url.includes('%00')) return new HttpError(400, UNSTORABLE_TEXT);
  const contentType = request.headers['content-type'];
  if (contentType === undefined) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) return new HttpError(415, UTF8_ONLY_TEXT);
  return undefined;
}

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

/** Each app's cluster, for main's start-up log (features use `ctx.cluster`). */
const clusters = new WeakMap<FastifyInstance, Cluster>();
export function clusterOf(app: FastifyInstance): Cluster | undefined {
  return clusters.get(app);
}

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
      // One access line per request, written with the answer (below), instead of Fastify's two:
      // half the log work on every call (docs/decisions/093).
      logController: new LogController({ disableRequestLogging: true }),
      routerOptions: { ignoreTrailingSlash: true },
      bodyLimit: 1024 * 1024,
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

    installErrorHandling(app);
    if (options.logger) app.addHook('onResponse', accessLogHook(options.accessLogReadSample ?? 1));
    // Routes registered from the endpoint table validate requests and answers with their zod schemas.
    app.setValidatorCompiler(validatorCompiler);
    // An answer cache's answers are checked, serialized and encoded once, however often they are
    // sent. Fastify's type says a serializer returns text, but it sends a Buffer payload as it is
    // (with the JSON content type the object answer already set): the cast states only that.
    app.setSerializerCompiler<ZodRouteSchema>((route) => reuseSerialization(serializerCompiler(route)) as (data: unknown) => string);
    // Helmet's headers, worked out once (helmet rebuilds its middleware per request otherwise),
    // then the checks every request passes before any handler. Callback hooks: no promise per request.
    const securityHeaders = await securityHeadersOf(SECURITY_HEADERS_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(securityHeaders, reply.raw);
      done(refusalOf(request));
    });
    // Closing (SIGTERM): the answers in flight finish, each closing its connection; a keep-alive
    // connection that was busy when the close began is closed once idle, instead of holding the
    // server open for its idle timeout (docs/decisions/181). New requests get Fastify's 503.
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      const drain = setInterval(() => app.server.closeIdleConnections(), DRAIN_CHECK_MS);
      app.server.once('close', () => clearInterval(drain));
      app.server.closeIdleConnections();
      done();
    });
    // Answers are a player's own (balances, histories, tokens): no cache keeps them unless a route says otherwise.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
      if (closing) void reply.header('Connection', 'close');
      done(null, payload);
    });
    await app.register(cors, {
      // Each listed origin exactly; never any origin, never `null`.
      origin: [...(options.corsOrigins ?? [])],
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
    app.decorateRequest('user', null);
    app.decorateRequest('dataVersion', undefined);
    app.decorateRequest('sessionId', null);

    const sessionIdleSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    const tokens = createTokenService({ secret: options.jwtSecret, ttlSeconds: sessionIdleSeconds, now });
    const nodes = openCluster(store, options, app.log);
    cluster = nodes;
    clusters.set(app, nodes);
    // Leader work (rounds, progression) starts once the API listens. On close it stops first —
    // this root hook runs before the features' own (their socket servers) — and, on PostgreSQL,
    // another node takes the lead over.
    app.addHook('onListen', async () => nodes.start());
    app.addHook('preClose', async () => nodes.stop());
    // onClose hooks run last-registered first: this one after the features' (socket servers and
    // their Redis adapters closed), before the store's.
    app.addHook('onClose', async () => nodes.close());
    const ctx = createAppContext({ mode: options.mode, store, cluster: nodes, now, tokens, sessionIdleSeconds, publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL, demoSlate: options.demoSlate ?? true, corsOrigins: [...(options.corsOrigins ?? [])], loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS, uploadsPerIp: options.uploadsPerIp ?? DEFAULT_UPLOADS_PER_IP });
    recordRoutes(app, (route) => {
      // Hand-registered routes check in preHandler, the endpoint table's in onRequest.
      const handlers = [route.preHandler ?? [], route.onRequest ?? []].flat();
      if (handlers.includes(ctx.authenticate) || handlers.includes(ctx.authenticateGameSite)) return 'player';
      if (handlers.includes(ctx.authenticateOperator)) return 'operator';
      return handlers.includes(ctx.authenticateSignedIn) ? 'signed-in' : 'public';
    });

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
