import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../db/store';
import type { SportsTimings } from './config';
import { ensureDemoSlate } from './demo';
import { advanceAll } from './progression';
import type { RandomInt } from './scoring';

export interface SportsEngineOptions {
  store: Store;
  /** The app clock: games move by it. */
  now: () => Date;
  timings: SportsTimings;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  random?: RandomInt;
  /** Keep the demo slate topped up on every tick (demo mode). @default true */
  demoSlate?: boolean;
}

/** How often the timer looks for due periods: a tenth of the shortest period, 50 ms to 1 s. */
export function tickInterval(timings: SportsTimings): number {
  return Math.min(1_000, Math.max(50, Math.floor(Math.min(timings.quarterMs, timings.overtimeMs) / 10)));
}

/**
 * The progression timer: while the API listens, every tick plays the periods that are due
 * (results, closing, settlement) and keeps the demo slate full. Reads play what is due too, so
 * an answer is never behind the clock even between ticks.
 */
export class SportsEngine {
  private timer: NodeJS.Timeout | null = null;
  /** The tick in flight (ticks never overlap; stop waits for it). */
  private running: Promise<void> | null = null;

  constructor(private readonly options: SportsEngineOptions) {}

  get isRunning(): boolean {
    return this.timer !== null;
  }

  /** One pass: every due step of every game, then the demo slate. */
  async tick(): Promise<{ steps: number; created: number }> {
    const { store, now, timings, publicUrl, random } = this.options;
    const at = now();
    const steps = await advanceAll(store, at, { timings, ...(random ? { random } : {}) });
    const created = this.options.demoSlate === false ? 0 : await ensureDemoSlate(store, { now: at, publicUrl, timings, ...(random ? { random } : {}) });
    return { steps, created };
  }

  /** One tick, its errors logged (never an unhandled rejection). */
  private async runTick(): Promise<void> {
    try {
      const { steps, created } = await this.tick();
      if (created > 0) this.options.log.info({ created }, 'basketball: demo games added');
      if (steps > 0) this.options.log.info({ steps }, 'basketball: periods played');
    } catch (error) {
      // The database may be busy: the next tick plays whatever is still due.
      this.options.log.error({ err: error }, 'basketball: progression failed; retrying on the next tick');
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A tick still running (a slow database): this one is skipped, the next plays what is due.
      if (this.running) return;
      this.running = this.runTick().finally(() => {
        this.running = null;
      });
    }, tickInterval(this.options.timings));
  }

  /** Stops the timer and waits for the tick in flight, so nothing runs on a closed store. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
