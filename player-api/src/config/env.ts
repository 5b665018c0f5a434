import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Development-only signing secret; a warning is printed whenever it is in use. */
export const DEV_JWT_SECRET = 'suwerte-dev-only-secret-change-me-0123456789';

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

/** Unset and empty variables both take the default (docker compose passes `FOO=` as ''). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const CorsOrigins = z
  .string()
  .transform((value, context): '*' | string[] => {
    const items = value.split(',').map((item) => item.trim()).filter(Boolean);
    if (items.includes('*')) return '*';
    for (const item of items) {
      if (!URL.canParse(item)) {
        context.addIssue({ code: 'custom', message: `"${item}" is not an origin such as http://localhost:3000` });
        return z.NEVER;
      }
    }
    if (items.length === 0) {
      context.addIssue({ code: 'custom', message: 'list at least one origin, or *' });
      return z.NEVER;
    }
    return items.map((item) => new URL(item).origin);
  });

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

export const EnvSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65_535, 'must be a port number (0-65535)').default(4000)),
  HOST: optional(z.string().default('0.0.0.0')),
  DATABASE_PATH: optional(z.string().optional()),
  JWT_SECRET: optional(z.string().min(16, 'must be at least 16 characters').optional()),
  TOKEN_TTL_SECONDS: optional(
    z.coerce.number({ error: 'must be a whole number of seconds' }).int().positive('must be a positive number of seconds').max(31_536_000, 'must be at most one year').default(86_400),
  ),
  CORS_ORIGINS: optional(CorsOrigins.default('*')),
  PUBLIC_URL: optional(z.url({ error: 'must be an absolute URL such as http://localhost:4000' }).default('http://localhost:4000')),
  SEED_DEMO_DATA: optional(z.stringbool({ error: 'must be true or false' }).default(true)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export interface Env {
  port: number;
  host: string;
  databasePath: string;
  jwtSecret: string;
  usingDevSecret: boolean;
  tokenTtlSeconds: number;
  corsOrigins: '*' | string[];
  publicUrl: string;
  seedDemoData: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
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
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnvPart(EnvSchema, source, 'Invalid environment for the player API');
  const databasePath =
    env.DATABASE_PATH === undefined
      ? join(packageRoot(), '.data', 'suwerte.sqlite')
      : env.DATABASE_PATH === ':memory:'
        ? ':memory:'
        : resolve(env.DATABASE_PATH);
  return {
    port: env.PORT,
    host: env.HOST,
    databasePath,
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    usingDevSecret: env.JWT_SECRET === undefined,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    corsOrigins: env.CORS_ORIGINS,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    seedDemoData: env.SEED_DEMO_DATA,
    logLevel: env.LOG_LEVEL,
  };
}
