import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { DB } from './db/database';
import type { TokenService } from './lib/tokens';

/** What every feature receives besides its Fastify scope. */
export interface AppContext {
  db: DB;
  /** The app clock (injectable in tests); use it for every timestamp and expiry. */
  now: () => Date;
  tokens: TokenService;
  /** The externally visible base URL of this API (for links it hands out). */
  publicUrl: string;
  /** `preHandler` for bearer-protected routes; sets `request.user` or answers 401 'ERROR VERIFYING TOKEN'. */
  authenticate: preHandlerAsyncHookHandler;
}

/** One feature folder = one Feature, registered in its own encapsulated Fastify scope by app.ts. */
export interface Feature {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}
