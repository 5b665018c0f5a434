import { z } from 'zod';
import { EnvError, envDuration, parseEnvPart } from '../../config/env';

/** How long the periods of a basketball game last, in milliseconds of real time. */
export interface SportsTimings {
  /** Each of the four quarters. */
  quarterMs: number;
  /** Each overtime (at most two). */
  overtimeMs: number;
}

/** Production defaults: 12-minute quarters and 5-minute overtimes, as in the PBA. */
export const DEFAULT_SPORTS_TIMINGS: SportsTimings = { quarterMs: 720_000, overtimeMs: 300_000 };

const duration = (fallback: number) => envDuration(fallback, 3_600_000, 'must be at most 3600000 ms (1 hour)');

export const SportsEnvSchema = z.object({
  SPORTS_QUARTER_MS: duration(DEFAULT_SPORTS_TIMINGS.quarterMs),
  SPORTS_OVERTIME_MS: duration(DEFAULT_SPORTS_TIMINGS.overtimeMs),
});

export class SportsEnvError extends EnvError {
  override name = 'SportsEnvError';
}

/** Reads the period timings from the environment; throws SportsEnvError naming every bad variable. */
export function loadSportsTimings(source: NodeJS.ProcessEnv = process.env): SportsTimings {
  const env = parseEnvPart(SportsEnvSchema, source, 'Invalid environment for the basketball games', SportsEnvError);
  return { quarterMs: env.SPORTS_QUARTER_MS, overtimeMs: env.SPORTS_OVERTIME_MS };
}
