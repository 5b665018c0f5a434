import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, Feature } from './context';
import { openDatabase, type DB } from './db/database';
import { migrate, migrateFeature } from './db/migrations';
import { seed } from './db/seed';
import { accountFeature } from './features/account/routes';
import { authFeature } from './features/auth/routes';
import { betsFeature } from './features/bets/feature';
import { gameSiteFeature } from './features/game-site/feature';
import { healthFeature } from './features/health/routes';
import { jackpotFeature } from './features/jackpot/routes';
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
import { createAuthenticate } from './lib/auth';
import { installErrorHandling } from './lib/errors';
import { createTokenService } from './lib/tokens';

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
  uploadsFeature,
  depositsFeature,
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

export interface BuildAppOptions {
  /** A SQLite file path (':memory:' allowed), or an already opened database (left open on close). */
  database: string | DB;
  jwtSecret: string;
  /** Access-token lifetime; default 86400 (24 h). */
  tokenTtlSeconds?: number;
  /** The clock; injectable for tests. Default `() => new Date()`. */
  now?: () => Date;
  /** Allowed browser origins, or '*' to reflect any origin. Default '*'. */
  corsOrigins?: '*' | readonly string[];
  /** The externally visible base URL of the API. Default http://localhost:4000. */
  publicUrl?: string;
  /** Seed the demo users (demoplayer, operator1). Default true. Base data is always seeded. */
  seedDemoData?: boolean;
  /** Fastify logger options; default off. */
  logger?: FastifyServerOptions['logger'];
}

export const DEFAULT_TOKEN_TTL_SECONDS = 86_400;
export const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

/** Builds the player API (not yet listening; tests use `app.inject`). Closing the app closes a database it opened. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const ownsDb = typeof options.database === 'string';
  const db = typeof options.database === 'string' ? openDatabase(options.database) : options.database;

  try {
    migrate(db);
    for (const feature of FEATURES) if (feature.migrations) migrateFeature(db, feature.name, feature.migrations);
    const seedOptions = { demo: options.seedDemoData ?? true, now: now() };
    await seed(db, seedOptions);
    for (const feature of FEATURES) await feature.seed?.(db, seedOptions);

    const app = Fastify({
      logger: options.logger ?? false,
      routerOptions: { ignoreTrailingSlash: true },
      bodyLimit: 1024 * 1024,
    });
    if (ownsDb) app.addHook('onClose', async () => db.close());

    installErrorHandling(app);
    // Routes registered from the endpoint table validate requests and answers with their zod schemas.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const origins = options.corsOrigins ?? '*';
    await app.register(cors, {
      origin: origins === '*' ? true : [...origins],
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
    app.decorateRequest('user', null);

    const tokens = createTokenService({
      secret: options.jwtSecret,
      ttlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
      now,
    });
    const ctx: AppContext = {
      db,
      now,
      tokens,
      publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
      authenticate: createAuthenticate(db, tokens),
    };

    for (const feature of FEATURES) {
      // Each feature gets its own encapsulated scope (hooks and decorators stay inside it).
      await app.register(async (scope) => {
        await feature.register(scope, ctx);
      });
    }
    return app;
  } catch (error) {
    if (ownsDb) db.close();
    throw error;
  }
}
