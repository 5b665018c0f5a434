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

/**
 * Bets one socket may send (docs/decisions/146): a bucket of `burst` bets, refilled at `perSecond`.
 * A bet beyond is answered at once with `betfailed` (no database work); the socket stays.
 */
export interface KareraBetRate {
  burst: number;
  perSecond: number;
}
/** A hand on a confirm dialog places a bet a second or so: 5 at once, 2 a second after that. */
export const DEFAULT_KARERA_BET_RATE: KareraBetRate = { burst: 5, perSecond: 2 };

const betCount = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error: 'must be a number' }).positive('must be more than 0').max(1_000, 'must be at most 1000').default(fallback),
  );

export const KareraEnvSchema = z.object({
  KARERA_BETTING_MS: duration(DEFAULT_KARERA_TIMINGS.bettingMs),
  KARERA_CLOSED_MS: duration(DEFAULT_KARERA_TIMINGS.closedMs),
  KARERA_RESULT_MS: duration(DEFAULT_KARERA_TIMINGS.resultMs),
  KARERA_BET_BURST: betCount(DEFAULT_KARERA_BET_RATE.burst),
  KARERA_BETS_PER_SECOND: betCount(DEFAULT_KARERA_BET_RATE.perSecond),
});

/** An EnvError, like the API's other environment errors. */
export class KareraEnvError extends EnvError {
  override name = 'KareraEnvError';
}

/** Reads the per-socket bet rate from the environment (KARERA_BET_BURST, KARERA_BETS_PER_SECOND). */
export function loadKareraBetRate(source: NodeJS.ProcessEnv = process.env): KareraBetRate {
  const env = parseEnvPart(KareraEnvSchema, source, 'Invalid environment for the Video Karera game server', KareraEnvError);
  return { burst: env.KARERA_BET_BURST, perSecond: env.KARERA_BETS_PER_SECOND };
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
