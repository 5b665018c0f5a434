import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_PORT, REMOTE_NAMES, remotePort } from '@suwerte/federation';
import { z } from 'zod';
import { weakSecretReason } from './secret-strength';

/**
 * demo: demo data, the payment-gateway and game-site stand-ins, the demo operator, a random
 * signing secret kept in the data folder — for a try-out on one machine, never for real money.
 * production: none of that; a JWT_SECRET is required and operators are created with the CLI.
 */
export const APP_MODES = ['demo', 'production'] as const;
export type AppMode = (typeof APP_MODES)[number];

/** The longest a session lasts without activity, and the default (docs/decisions/143). */
export const MAX_SESSION_IDLE_SECONDS = 43_200;

/** The shortest signing secret accepted (HS256 wants at least 256 bits of key). */
export const MIN_JWT_SECRET_LENGTH = 32;

/** The site's own origins on one machine (`npm start`, `npm run dev`, docker compose): demo mode's CORS default. */
export const LOCAL_SITE_ORIGINS: readonly string[] = [HOST_PORT, ...REMOTE_NAMES.map((remote) => remotePort(remote))].map((port) => `http://localhost:${port}`);

/** The player-api package folder, from src/config/ (tsx) or dist/ (bundle) alike. */
export function packageRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'player-api') return dir;
      } catch {
        // keep looking upward
      }
    }
    if (dirname(dir) === dir) return process.cwd();
  }
}

/**
 * Sign-in and registration throttling (docs/decisions/144): only failed sign-ins count, in
 * 15-minute windows; registrations count per address per hour.
 */
export interface LoginLimits {
  /** Failed sign-ins per client address (any usernames) per 15 minutes; beyond, that address waits. */
  failuresPerIp: number;
  /** Failed sign-ins per username per address per 15 minutes; a success clears it. */
  failuresPerUsernameAndIp: number;
  /**
   * Failed sign-ins per username from every address per 15 minutes; beyond, addresses with failures
   * of their own are refused for that username. An address with none is never refused by it.
   */
  failuresPerUsername: number;
  /** Registrations tried per client address per hour. */
  registrationsPerIp: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { failuresPerIp: 30, failuresPerUsernameAndIp: 5, failuresPerUsername: 10, registrationsPerIp: 10 };

/** Proof uploads per client address per hour (docs/decisions/145). */
export const DEFAULT_UPLOADS_PER_IP = 30;

/** The default prefix of the site's keys and channels in Redis, and what a prefix may hold. */
export const DEFAULT_REDIS_PREFIX = 'suwerte';
export const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** How often a node checks the leader lock, by default (docs/decisions/121). */
export const DEFAULT_LEADER_CHECK_MS = 1_000;

/**
 * How long a SIGTERM waits for the answers in flight, by default: under Docker's 10 s between its
 * SIGTERM and its SIGKILL, so the API exits by itself, with its code.
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 8_000;

/** Unset and empty variables both take the default (docker compose passes `FOO=` as ''). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/**
 * The pages allowed to call the API from another origin, listed one by one: `*` (any origin) and
 * `null` (sandboxed frames, files) are refused, so no stranger's page can read a player's answers.
 */
const CorsOrigins = z.string().transform((value, context): string[] => {
  const origins: string[] = [];
  for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      context.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://suwerte.example (list each origin; * and null are not allowed)` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** TRUST_PROXY: how many proxies stand in front of the API, or their addresses (then X-Forwarded-For names the player). */
const TrustProxy = z.string().transform((value, context): number | string[] => {
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (items.length === 0 || items.some((item) => !/^[0-9a-fA-F.:/]+$/.test(item))) {
    context.addIssue({ code: 'custom', message: 'must be a number of proxies or a comma list of their addresses (e.g. 127.0.0.1,10.0.0.0/8)' });
    return z.NEVER;
  }
  return items;
});

const attempts = (fallback: number) =>
  optional(z.coerce.number({ error: 'must be a whole number of attempts' }).int('must be a whole number of attempts').min(1, 'must be at least 1').default(fallback));

/**
 * A duration in milliseconds from the environment (timings of the timed games): whole, between
 * 100 ms and `maxMs`; unset or empty takes `fallback`.
 */
export function envDuration(fallback: number, maxMs: number, maxText: string) {
  return optional(
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100 ms')
      .max(maxMs, maxText)
      .default(fallback),
  );
}

const EnvObject = z.object({
  APP_MODE: optional(z.enum(APP_MODES, { error: 'must be demo or production' }).default('production')),
  PORT: optional(z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65_535, 'must be a port number (0-65535)').default(4000)),
  // Demo mode listens on this machine only (127.0.0.1) unless HOST says otherwise; production on every interface.
  HOST: optional(z.string().optional()),
  DATABASE_PATH: optional(z.string().optional()),
  // PostgreSQL instead of the embedded SQLite file (docs/decisions/120).
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/i, { error: 'must be a postgres:// URL, e.g. postgres://suwerte:password@db:5432/suwerte (leave it unset for the embedded SQLite file)' })
      .optional(),
  ),
  JWT_SECRET: optional(
    z
      .string()
      .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
      .superRefine((secret, context) => {
        // Only a secret long enough is judged (the length's own message says the rest).
        const weak = weakSecretReason(secret);
        if (weak) context.addIssue({ code: 'custom', message: weak });
      })
      .optional(),
  ),
  // How long a session lasts unused (its tokens' lifetime; renewed while the player is active):
  // at most 12 hours (ASVS level 2; docs/decisions/143).
  TOKEN_TTL_SECONDS: optional(
    z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int()
      .positive('must be a positive number of seconds')
      .max(MAX_SESSION_IDLE_SECONDS, 'must be at most 43200 (12 hours): a session ends after at most 12 hours without activity')
      .default(MAX_SESSION_IDLE_SECONDS),
  ),
  CORS_ORIGINS: optional(CorsOrigins.optional()),
  PUBLIC_URL: optional(z.url({ error: 'must be an absolute URL such as http://localhost:4000' }).default('http://localhost:4000')),
  // Replaced by APP_MODE: a leftover `SEED_DEMO_DATA=false` must not pass for a production setting.
  SEED_DEMO_DATA: optional(z.undefined({ error: 'is replaced by APP_MODE (demo seeds the demo data, production seeds none): remove it' })),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  ACCESS_LOG_READ_SAMPLE: optional(
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1 (1 writes every line)').max(1_000_000).default(10),
  ),
  TRUST_PROXY: optional(TrustProxy.optional()),
  LOGIN_LIMIT_PER_IP: attempts(DEFAULT_LOGIN_LIMITS.failuresPerIp),
  LOGIN_LIMIT_PER_USERNAME_IP: attempts(DEFAULT_LOGIN_LIMITS.failuresPerUsernameAndIp),
  LOGIN_LIMIT_PER_USERNAME: attempts(DEFAULT_LOGIN_LIMITS.failuresPerUsername),
  REGISTER_LIMIT_PER_IP: attempts(DEFAULT_LOGIN_LIMITS.registrationsPerIp),
  UPLOAD_LIMIT_PER_IP: attempts(DEFAULT_UPLOADS_PER_IP),
  // Several nodes on one PostgreSQL database (docs/decisions/121): broadcasts, rate-limit
  // counters and session events go through Redis.
  REDIS_URL: optional(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/i, { error: 'must be a redis:// or rediss:// URL, e.g. redis://redis:6379 (leave it unset to run one node)' })
      .optional(),
  ),
  // Keys and channels of this site in Redis: several sites (staging, production) may share one Redis.
  REDIS_PREFIX: optional(z.string().regex(REDIS_PREFIX_PATTERN, { error: 'must be 1 to 64 letters, digits, _ . : or -' }).default(DEFAULT_REDIS_PREFIX)),
  // How often a node checks the leader lock: the longest a site waits for a new leader.
  LEADER_CHECK_MS: envDuration(DEFAULT_LEADER_CHECK_MS, 60_000, 'must be at most 60000 ms (a minute without a leader is too long)'),
  // SIGTERM: how long the answers in flight may take before the API exits anyway (docs/decisions/181).
  SHUTDOWN_GRACE_MS: envDuration(DEFAULT_SHUTDOWN_GRACE_MS, 600_000, 'must be at most 600000 ms (10 minutes)'),
});

/** The API's settings (production mode also requires JWT_SECRET: see loadEnv). */
export const EnvSchema = EnvObject;

const SECRET_REQUIRED =
  `JWT_SECRET: is required in production mode (APP_MODE=production): a random secret of at least ${MIN_JWT_SECRET_LENGTH} characters, ` +
  'e.g. `openssl rand -hex 32` (no words, repeats or sequences), or JWT_SECRET_FILE naming a file that holds it. For a local try-out set APP_MODE=demo instead.';

/** Settings that may instead be read from a file named by `<NAME>_FILE` (Docker secrets: /run/secrets/<name>). */
export const FILE_SETTINGS = ['JWT_SECRET', 'DATABASE_URL'] as const;
export type FileSetting = (typeof FILE_SETTINGS)[number];
/** A secret is a line, not a document: a larger file is refused rather than read. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * `source` with each `<NAME>_FILE` of `names` read into `<NAME>` (one trailing newline dropped, as
 * `echo … > file` leaves one). A problem names the variable and the file, never the file's
 * content; a setting given both ways is refused (which one wins would be a guess).
 */
export function withSecretFiles(
  source: NodeJS.ProcessEnv,
  names: readonly FileSetting[] = FILE_SETTINGS,
): { env: NodeJS.ProcessEnv; problems: string[]; fromFile: FileSetting[] } {
  const env: NodeJS.ProcessEnv = { ...source };
  const problems: string[] = [];
  const fromFile: FileSetting[] = [];
  for (const name of names) {
    const file = source[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (source[name]?.trim()) {
      problems.push(`${name}_FILE: ${name} is set too; give the setting one way (the variable or the file), not both`);
      continue;
    }
    let text: string;
    try {
      const size = statSync(file).size;
      if (size > MAX_SECRET_FILE_BYTES) {
        problems.push(`${name}_FILE: ${file} is ${size} bytes; a secret file holds one value (at most ${MAX_SECRET_FILE_BYTES} bytes)`);
        continue;
      }
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      problems.push(`${name}_FILE: cannot read ${file} (${code}); the file must exist and be readable by the API's user`);
      continue;
    }
    const value = text.replace(/\r?\n$/, '');
    if (value.trim() === '') {
      problems.push(`${name}_FILE: ${file} is empty`);
      continue;
    }
    env[name] = value;
    fromFile.push(name);
  }
  return { env, problems, fromFile };
}

/** A schema issue's line; a setting read from a file is named by its _FILE variable too. */
function issueLine(issue: z.core.$ZodIssue, fromFile: readonly string[]): string {
  const name = issue.path.join('.') || '(env)';
  return `  ${fromFile.includes(name) ? `${name} (from ${name}_FILE)` : name}: ${issue.message}`;
}

// Several nodes share one PostgreSQL database; SQLite is one process's file. Refused rather than
// allowed: a REDIS_URL beside SQLite means someone plans several nodes on it — and two nodes on
// one SQLite file would both lead and void each other's rounds.
const REDIS_NEEDS_POSTGRES =
  'REDIS_URL: needs DATABASE_URL (PostgreSQL): several nodes share one PostgreSQL database. With the embedded SQLite file run one node and leave REDIS_URL unset.';

export interface Env {
  mode: AppMode;
  port: number;
  host: string;
  databasePath: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file at `databasePath`; null for SQLite. */
  databaseUrl: string | null;
  /** The signing secret from JWT_SECRET; null in demo mode without one (the data folder keeps a random one). */
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  corsOrigins: string[];
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Routine reads' access lines are written one in this many; 1 writes every line. */
  accessLogReadSample: number;
  trustProxy: number | string[] | false;
  loginLimits: LoginLimits;
  /** Proof uploads per client address per hour. */
  uploadsPerIp: number;
  /** REDIS_URL: where several nodes share broadcasts, rate-limit counters and session events; null for one node. */
  redisUrl: string | null;
  /** The prefix of this site's keys and channels in Redis. */
  redisPrefix: string;
  /** How often a node checks the leader lock (PostgreSQL), in ms. */
  leaderCheckMs: number;
  /** SIGTERM: the longest the answers in flight may take before the API exits anyway, in ms. */
  shutdownGraceMs: number;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses part of the environment with `schema`; throws `new ErrorClass(…)` naming every bad variable under `heading`. */
export function parseEnvPart<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv,
  heading: string,
  ErrorClass: new (message: string) => EnvError = EnvError,
): z.output<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ErrorClass(`${heading}:\n${lines.join('\n')}`);
}

/** Parses the environment; throws EnvError listing every bad variable. */
export function loadEnv(environment: NodeJS.ProcessEnv = process.env): Env {
  const { env: source, problems, fromFile } = withSecretFiles(environment);
  const parsed = EnvSchema.safeParse(source);
  const lines = [...problems.map((problem) => `  ${problem}`), ...(parsed.success ? [] : parsed.error.issues.map((issue) => issueLine(issue, fromFile)))];
  const mode = source.APP_MODE?.trim() || 'production';
  if (mode === 'production' && !source.JWT_SECRET?.trim() && !source.JWT_SECRET_FILE?.trim()) lines.push(`  ${SECRET_REQUIRED}`);
  if (source.REDIS_URL?.trim() && !source.DATABASE_URL?.trim() && !source.DATABASE_URL_FILE?.trim()) lines.push(`  ${REDIS_NEEDS_POSTGRES}`);
  if (!parsed.success || lines.length > 0) throw new EnvError(`Invalid environment for the player API:\n${lines.join('\n')}`);
  const env = parsed.data;
  return {
    mode: env.APP_MODE,
    port: env.PORT,
    host: env.HOST ?? (env.APP_MODE === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    databasePath: databasePathOf(env.DATABASE_PATH),
    databaseUrl: env.DATABASE_URL ?? null,
    jwtSecret: env.JWT_SECRET ?? null,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    // Demo mode serves the site on this machine; production allows no other origin unless listed.
    corsOrigins: env.CORS_ORIGINS ?? (env.APP_MODE === 'demo' ? [...LOCAL_SITE_ORIGINS] : []),
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    accessLogReadSample: env.ACCESS_LOG_READ_SAMPLE,
    trustProxy: env.TRUST_PROXY ?? false,
    loginLimits: {
      failuresPerIp: env.LOGIN_LIMIT_PER_IP,
      failuresPerUsernameAndIp: env.LOGIN_LIMIT_PER_USERNAME_IP,
      failuresPerUsername: env.LOGIN_LIMIT_PER_USERNAME,
      registrationsPerIp: env.REGISTER_LIMIT_PER_IP,
    },
    uploadsPerIp: env.UPLOAD_LIMIT_PER_IP,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    leaderCheckMs: env.LEADER_CHECK_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}

function databasePathOf(setting: string | undefined): string {
  if (setting === undefined) return join(packageRoot(), '.data', 'suwerte.sqlite');
  return setting === ':memory:' ? ':memory:' : resolve(setting);
}

/** What the operator command line needs: the database and the API's public URL (no secret, any mode). */
export function loadDataEnv(environment: NodeJS.ProcessEnv = process.env): { databasePath: string; databaseUrl: string | null; publicUrl: string } {
  const { env: source, problems } = withSecretFiles(environment, ['DATABASE_URL']);
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  const env = parseEnvPart(EnvObject.pick({ DATABASE_PATH: true, DATABASE_URL: true, PUBLIC_URL: true }), source, 'Invalid environment');
  return { databasePath: databasePathOf(env.DATABASE_PATH), databaseUrl: env.DATABASE_URL ?? null, publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') };
}

/** Where the data lives: DATABASE_URL (PostgreSQL) when set, else the SQLite file. */
export function databaseLocation(env: { databasePath: string; databaseUrl: string | null }): string {
  return env.databaseUrl ?? env.databasePath;
}
