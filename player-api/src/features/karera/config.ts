import { z } from 'zod';
import { EnvError, envDuration, parseEnvPart } from '../../config/env';

/** How long each phase of a Video Karera round lasts, in milliseconds. */
export interface KareraTimings {
  /** Betting open (startbetting → bettingclose). */
  bettingMs: number;
  /** Betting closed while the race runs (bettingclose → DeclareWinner). */
  closedMs: number;
  /** The winner on show before the next round (DeclareWinner → startbetting). */
  resultMs: number;
}

/** Production defaults: 30 s to bet, a 10 s race, 5 s of result — a 45 s round. */
export const DEFAULT_KARERA_TIMINGS: KareraTimings = { bettingMs: 30_000, closedMs: 10_000, resultMs: 5_000 };

const duration = (fallback: number) => envDuration(fallback, 600_000, 'must be at most 600000 ms (10 minutes)');

export const KareraEnvSchema = z.object({
  KARERA_BETTING_MS: duration(DEFAULT_KARERA_TIMINGS.bettingMs),
  KARERA_CLOSED_MS: duration(DEFAULT_KARERA_TIMINGS.closedMs),
  KARERA_RESULT_MS: duration(DEFAULT_KARERA_TIMINGS.resultMs),
});

/** An EnvError, like the API's other environment errors. */
export class KareraEnvError extends EnvError {
  override name = 'KareraEnvError';
}

/** Reads the round timings from the environment; throws KareraEnvError naming every bad variable. */
export function loadKareraTimings(source: NodeJS.ProcessEnv = process.env): KareraTimings {
  const env = parseEnvPart(KareraEnvSchema, source, 'Invalid environment for the Video Karera game server', KareraEnvError);
  return {
    bettingMs: env.KARERA_BETTING_MS,
    closedMs: env.KARERA_CLOSED_MS,
    resultMs: env.KARERA_RESULT_MS,
  };
}
