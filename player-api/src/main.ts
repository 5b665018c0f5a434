import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, clusterOf, type BuildAppOptions } from './app';
import { demoSecretFor } from './config/demo-secret';
import { EnvError, databaseLocation, loadEnv, type Env } from './config/env';
import { dataFolderProblem } from './db/database';
import { redactUrl } from './db/store';

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = readEnv();
if (env.mode === 'demo') {
  console.warn(
    'DEMO MODE (APP_MODE=demo): demo data, a demo operator (operator1 / operator123) and a payment-gateway stand-in that pays any amount. ' +
      'Never use it for real players or real money; run APP_MODE=production with JWT_SECRET for that.',
  );
}
if (env.databaseUrl && !env.redisUrl) {
  console.warn('DATABASE_URL is set without REDIS_URL: broadcasts and rate limits stay on this node: run one node, or set REDIS_URL.');
}
if (env.corsOrigins.length === 0) {
  console.warn('CORS_ORIGINS is empty: no page on another origin can call this API. List the site\'s origins in CORS_ORIGINS.');
}

// Log lines are written asynchronously and in batches: lines gather up to LOG_BATCH_BYTES (or a
// second) before one write, so a busy node makes one system call per ~30 lines, not one per line,
// and no request waits for the terminal or the pipe (docs/decisions/093). Flushed before exiting.
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;
const logDestination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
// A quiet node's last lines still show within a second.
setInterval(() => logDestination.flush(), LOG_FLUSH_MS).unref();
function flushLogs(): void {
  try {
    logDestination.flushSync();
  } catch {
    // Nothing written yet, or the pipe is gone: nothing left to save.
  }
}
process.on('exit', flushLogs);

/** The API, built on its data; a data folder that cannot be opened ends the start with one line naming it. */
async function start(): Promise<FastifyInstance> {
  try {
    return await buildApp(appOptions());
  } catch (error) {
    const problem = env.databaseUrl ? null : dataFolderProblem(error, env.databasePath);
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  }
}

const app = await start();

function appOptions(): BuildAppOptions {
  return {
    mode: env.mode,
    // DATABASE_URL (PostgreSQL) when set, else the SQLite file (docs/decisions/120).
    database: databaseLocation(env),
    // Demo mode without JWT_SECRET: a random secret made once for this data folder and kept there.
    jwtSecret: env.jwtSecret ?? demoSecretFor(env.databasePath),
    tokenTtlSeconds: env.tokenTtlSeconds,
    corsOrigins: env.corsOrigins,
    trustProxy: env.trustProxy,
    loginLimits: env.loginLimits,
    uploadsPerIp: env.uploadsPerIp,
    publicUrl: env.publicUrl,
    logger: { level: env.logLevel, stream: logDestination },
    accessLogReadSample: env.accessLogReadSample,
    // Several nodes (PostgreSQL): Redis and the leader election (docs/decisions/121).
    ...(env.redisUrl ? { redisUrl: env.redisUrl } : {}),
    redisPrefix: env.redisPrefix,
    leaderCheckMs: env.leaderCheckMs,
  };
}

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) {
    console.warn(`${signal} again: exiting now.`);
    process.exit(1);
  }
  closing = true;
  console.info(`${signal} received: closing the player API…`);
  // The answers in flight finish (each closing its connection), then the API exits 0; one that
  // takes longer than the grace period is cut (SHUTDOWN_GRACE_MS, docs/decisions/181).
  const force = setTimeout(() => {
    console.error(`Shutdown took longer than ${env.shutdownGraceMs} ms (SHUTDOWN_GRACE_MS); exiting.`);
    process.exit(1);
  }, env.shutdownGraceMs);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    console.error('Error while closing:', error);
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  const address = await app.listen({ port: env.port, host: env.host });
  console.info(`Suwerte player API (${env.mode} mode) listening on ${address} (public URL ${env.publicUrl}; database ${env.databaseUrl ? redactUrl(env.databaseUrl) : env.databasePath})`);
  const cluster = clusterOf(app);
  // The election began as the API started listening: its outcome, for the log (a failed start
  // was logged by that listen hook and does not stop the API, as before).
  await cluster?.start().catch(() => undefined);
  if (cluster?.shared) {
    // SIGTERM hands the lead over: the leader's work stops first, before the socket servers and the store close.
    console.info(`Node ${cluster.nodeId}: ${cluster.isLeader ? 'leads (runs the timed games)' : 'follows (another node leads)'}; Redis ${env.redisUrl ? redactUrl(env.redisUrl) : 'not set'}`);
  } else if (cluster) {
    console.info(`Node ${cluster.nodeId}: the only node (SQLite), runs the timed games`);
  }
} catch (error) {
  console.error('Could not start the player API:', error instanceof Error ? error.message : error);
  await app.close().catch(() => undefined);
  process.exit(1);
}
