import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * The leader lock: a session-level PostgreSQL advisory lock (docs/decisions/121), two keys — this
 * constant ('LEAD') and a hash of the schema, so sites (and test schemas) sharing one database
 * each elect their own leader. The two-key space never meets the migrations' one-key lock.
 */
export const LEADER_LOCK_CLASS = 0x4c45_4144;
/** The lock connections' application_name, followed by the node id. */
export const LOCK_APPLICATION_NAME = 'suwerte-leader-lock';
const LOCK_KEYS = `${LEADER_LOCK_CLASS}, hashtext(coalesce(current_schema(), ''))`;

export interface ElectionOptions {
  /** A connection like the store's (same database and search_path), opened for the lock alone. */
  connectionConfig: pg.ClientConfig;
  /** How often a follower tries the lock and a leader checks its lock connection. */
  checkMs: number;
  nodeId: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Runs after this node took the lock, then at every check while it leads (starts what is not running). */
  whileLeading(): Promise<void>;
  /** Runs when this node stops leading: its lock connection failed, or it leaves (both a hand-over). */
  stopLeading(): Promise<void>;
}

/**
 * One node's part in the election. The lock lives as long as the lock connection's session: a
 * node that stops unlocks, a node killed (kill -9) loses its session and PostgreSQL frees the lock
 * — either way a follower takes it at its next check. Every step (check, step-down, stop) runs one
 * at a time, so the leader's work never starts and stops at once.
 */
export class LeaderElection {
  private client: pg.Client | null = null;
  private leading = false;
  private joined = false;
  /** The first check after `start()`, until `stop()`. */
  private joining: Promise<void> | null = null;
  /** Counts the joins: a check scheduled before a stop never schedules another after a new start. */
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private steps: Promise<void> = Promise.resolve();
  /** A node whose lock connection just failed tries the lock again only after this time (ms since epoch). */
  private retryAfter = 0;
  /** Logged once per outage, not at every check. */
  private unreachable = false;

  constructor(private readonly options: ElectionOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /**
   * Joins: the first check runs before this resolves (a node alone leads at once), then one every
   * `checkMs`. Called again while joined, it waits for that first check.
   */
  start(): Promise<void> {
    if (!this.joining) {
      this.joined = true;
      const generation = ++this.generation;
      this.joining = this.step(() => this.check()).then(() => this.scheduleCheck(generation));
    }
    return this.joining;
  }

  /** Leaves: the leader's work stops (hand-over), the lock is released and its connection closed. */
  async stop(): Promise<void> {
    if (!this.joining) return;
    this.joining = null;
    this.joined = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.step(async () => {
      const client = this.client;
      this.client = null;
      if (this.leading) {
        this.options.log.info({ node: this.options.nodeId }, 'cluster: handing over the lead (this node stops)');
        await this.stepDown();
        await client?.query(`SELECT pg_advisory_unlock(${LOCK_KEYS})`).catch(() => undefined);
      }
      await client?.end().catch(() => undefined);
    });
  }

  private scheduleCheck(generation: number): void {
    if (!this.joined || generation !== this.generation) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.step(() => this.check()).then(() => this.scheduleCheck(generation));
    }, this.options.checkMs);
    // The election alone never keeps the process alive; the app's close stops it.
    this.timer.unref();
  }

  /** Runs `work` after the steps before it; its errors are logged (never an unhandled rejection). */
  private step(work: () => Promise<void>): Promise<void> {
    const next = this.steps.then(work).catch((error: unknown) => this.options.log.error({ err: error, node: this.options.nodeId }, 'cluster: election step failed'));
    this.steps = next;
    return next;
  }

  /** Follower: tries the lock. Leader: checks the lock connection with a cheap query, then starts any work not running. */
  private async check(): Promise<void> {
    if (!this.joined || (!this.leading && Date.now() < this.retryAfter)) return;
    const client = this.client ?? (await this.connect());
    if (!client) return;
    try {
      if (this.leading) await client.query('SELECT 1');
      else if (await this.tryLock(client)) {
        this.leading = true;
        this.options.log.info({ node: this.options.nodeId }, 'cluster: this node leads');
      }
    } catch (error) {
      await this.connectionLost(client, error);
      return;
    }
    if (this.leading) await this.options.whileLeading();
  }

  private async tryLock(client: pg.Client): Promise<boolean> {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEYS}) AS locked`);
    return rows[0]?.locked === true;
  }

  /** A new lock connection, or null when PostgreSQL cannot be reached (the next check tries again). */
  private async connect(): Promise<pg.Client | null> {
    const { checkMs, log, nodeId } = this.options;
    const client = new pg.Client({
      ...this.options.connectionConfig,
      // pg_stat_activity names the node holding (or trying) the lock.
      application_name: `${LOCK_APPLICATION_NAME} ${nodeId}`,
      keepAlive: true,
      connectionTimeoutMillis: Math.max(2 * checkMs, 2_000),
      // A leader whose check hangs (the network to PostgreSQL is gone) steps down rather than lead blind.
      query_timeout: Math.max(2 * checkMs, 2_000),
    });
    // A failed connection (terminated, the server restarted) is noticed at once, not at the next check.
    const lost = (error?: Error) => void this.step(() => this.connectionLost(client, error ?? new Error('lock connection ended')));
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      // The server notices a vanished node within ~10 s even without a closed socket (a network
      // split), and frees its lock; a closed socket (kill -9) frees it at once.
      await client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      if (!this.unreachable) log.error({ err: error, node: nodeId }, 'cluster: cannot open the leader-lock connection; trying again at every check');
      this.unreachable = true;
      return null;
    }
    if (this.unreachable) log.info({ node: nodeId }, 'cluster: leader-lock connection open again');
    this.unreachable = false;
    this.client = client;
    return client;
  }

  /** The lock connection failed: a leader steps down at once (PostgreSQL has dropped or will drop its lock); the next check reconnects as a follower. */
  private async connectionLost(client: pg.Client, error: unknown): Promise<void> {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (!this.leading) return;
    this.options.log.warn({ err: error, node: this.options.nodeId }, 'cluster: leader-lock connection lost; stepping down (another node takes over)');
    // The other nodes check within one interval: they take the lead first, while this node's
    // connection (or its network) may still be failing. Alone, it leads again two checks later.
    this.retryAfter = Date.now() + 2 * this.options.checkMs;
    await this.stepDown();
  }

  private async stepDown(): Promise<void> {
    this.leading = false;
    await this.options.stopLeading();
    this.options.log.info({ node: this.options.nodeId }, 'cluster: this node no longer leads');
  }
}
