import type { FastifyInstance } from 'fastify';
import type { Cluster } from './cluster/cluster';
import type { AppMode, LoginLimits } from './config/env';
import type { SeedOptions } from './features/seed/seed';
import type { Store } from './db/store';
import type { AuthenticateHook, SessionCheck } from './lib/auth';
import type { TokenService } from './lib/tokens';

/** Things one feature tells the others: on this node, and on every other node through Redis (cluster/cluster.ts). */
export interface AppEvents {
  /** Every session of the account older than `version` has ended (its password changed). */
  sessionsEnded(userId: string, version: number): void;
  onSessionsEnded(listener: (userId: string, version: number) => void): void;
  /** One session ended (a logout): its sockets and streams close, on every node. */
  sessionEnded(sessionId: string): void;
  onSessionEnded(listener: (sessionId: string) => void): void;
}

/** What every feature receives besides its Fastify scope. */
export interface AppContext {
  /** demo: demo data and the stand-ins for outside services (payment gateway, game sites); production: none. */
  mode: AppMode;
  /** The async query layer: SQLite or PostgreSQL (db/store.ts). Money changes: `moneyChange(store, …)` (db/money.ts). */
  store: Store;
  /** The nodes sharing the database: who leads the timed work, how broadcasts reach every node (cluster/cluster.ts). */
  cluster: Cluster;
  /** The app clock (injectable in tests); use it for every timestamp and expiry. */
  now: () => Date;
  tokens: TokenService;
  /** How long a session lasts unused (its tokens' lifetime); an active one is renewed. */
  sessionIdleSeconds: number;
  /** The accounts and sessions as committed, for checks outside the route hooks (sockets, the game site). */
  sessionCheck: SessionCheck;
  events: AppEvents;
  /** The externally visible base URL of this API (for links it hands out). */
  publicUrl: string;
  /**
   * Demo mode keeps a slate of basketball games in every state, with demo bets (features/sports/demo.ts).
   * Always on in a running API; test apps that need no games leave it off (it is most of a test app's start-up).
   */
  demoSlate: boolean;
  /** The browser origins allowed to call the API (CORS), the socket server's included. */
  corsOrigins: readonly string[];
  /** Sign-in and registration throttling. */
  loginLimits: LoginLimits;
  /** Proof uploads per client address per hour. */
  uploadsPerIp: number;
  /**
   * `preHandler` of player routes: a valid token of a player (role 420) sets `request.user`; no
   * or a bad token answers 401 'ERROR VERIFYING TOKEN', another role 403 'Players only'.
   */
  authenticate: AuthenticateHook;
  /** `preHandler` of operator routes: operators (role 1) only; 401 as above, 403 'Operators only'. */
  authenticateOperator: AuthenticateHook;
  /** `preHandler` of what players and operators both read (a proof image: its owner or any operator). */
  authenticateSignedIn: AuthenticateHook;
  /**
   * `onRequest` of the game site's own calls on a game's `:id` (the stand-in's bets): a player's
   * session token, or a launch token of that game's launch (docs/decisions/141).
   */
  authenticateGameSite: AuthenticateHook;
}

/**
 * One feature folder = one Feature, registered in its own encapsulated Fastify scope by app.ts.
 * A feature owns its tables (its `schema.ts`: defined once for both engines and rendered into
 * `migrations` and `postgresMigrations` by `featureSchema`, db/ddl.ts; versioned per feature,
 * appended, never edited once shipped) and its demo data (`seed`, run at every start; must be idempotent).
 */
export interface Feature {
  name: string;
  /** SQLite migrations (rendered by `featureSchema` from the feature's `schema.ts`). */
  migrations?: readonly string[];
  /** The same versions rendered for PostgreSQL (run by db/postgres-schema.ts). */
  postgresMigrations?: readonly string[];
  seed?(store: Store, options: SeedOptions): void | Promise<void>;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}
