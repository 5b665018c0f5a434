// A read that first plays what is due (a lotto draw, a basketball period) asks the database
// "is anything due?" on every request: for the sports schedule that one query was most of the
// call's cost. The answer can only change when the clock reaches the next due time, or when the
// data changes (a game added, a period played by another path or process). On SQLite both are
// known in-process: a catch-up that found nothing due, and the time of the next step, holds until
// that time or the first change of the data (docs/decisions/123). PostgreSQL has no such cheap
// change counter (another node may write): there the catch-up runs every time, as before.
import { sqliteDataVersion } from '../db/committed';
import type { Store } from '../db/store';

/** What a catch-up reports after playing what was due at `now`: when the next step falls due (ms since the epoch), or null if nothing is pending. */
export type NextDue = number | null;

export interface CatchUpGate {
  /**
   * Runs `catchUp(now)` unless, as far as the data and the clock tell, nothing can be due at
   * `now`. `seen`: the data version this request already read (`request.dataVersion`), taken as
   * the moment of the check; else it is read here. Resolves with the data version the caller's
   * next cached read may take (undefined on PostgreSQL): the one checked if nothing ran, a fresh
   * one after a catch-up (which may have written).
   */
  run(now: Date, catchUp: (now: Date) => Promise<NextDue>, seen?: string): Promise<string | undefined>;
  /**
   * What `run` would resolve with when it would skip the catch-up — the data version checked —
   * given at once; undefined when `run` would run it (or on PostgreSQL, where it always runs).
   */
  skipping(now: Date, seen?: string): string | undefined;
}

export function createCatchUpGate(store: Store): CatchUpGate {
  const version = sqliteDataVersion(store);
  /** The data version and clock a catch-up ran at, and when the next step it found falls due. */
  let quiet: { version: string; from: number; until: number } | null = null;
  /** Whether nothing can be due at `at` as of data version `current`. */
  const isQuiet = (current: string, at: number) => quiet !== null && quiet.version === current && at >= quiet.from && at < quiet.until;
  return {
    skipping(now, seen) {
      if (!version) return undefined;
      const current = seen ?? version();
      return isQuiet(current, now.getTime()) ? current : undefined;
    },
    async run(now, catchUp, seen) {
      if (!version) {
        await catchUp(now);
        return undefined;
      }
      // Read before the catch-up: a change made while it runs (its own writes included) moves
      // the version past this one, so the next call runs again rather than trusting it.
      const before = seen ?? version();
      const at = now.getTime();
      // A clock set back runs it too: what was done at a later time says nothing about an earlier one.
      if (isQuiet(before, at)) return before;
      quiet = null;
      const next = await catchUp(now);
      quiet = { version: before, from: at, until: next ?? Number.POSITIVE_INFINITY };
      return version();
    },
  };
}
