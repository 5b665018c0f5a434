import { REGISTER_TEXTS, SIGNED_OUT_TEXT, TOKEN_ERROR_TEXT, authEndpoints } from '@suwerte/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Feature } from '../../context';
import { endSession, renewSession } from '../../db/sessions';
import { attemptCounters, countedOrRefused, type AttemptCount, type AttemptCounters } from '../../lib/attempts';
import { currentSessionId, currentUser } from '../../lib/auth';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { LOGIN_FAILED_TEXT, login, register } from './auth';

/** The window of the sign-in counters: failures older than this are forgotten. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** The window of the registration counter. */
export const REGISTER_WINDOW_MS = 60 * 60_000;
/** A username's failures from anywhere beyond which its sign-ins wait behind other players' (from addresses with failures). */
const SUSPECT_AFTER_FAILURES = 3;

/** The 429 of a throttled sign-in or registration: what happened and when to try again. */
export const tooManyAttemptsText = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/** The 503 of a sign-in or registration while the shared attempt counters (Redis) cannot be reached. */
export const THROTTLING_UNAVAILABLE_TEXT = 'Signing in and registering are unavailable for a moment. Please try again in a minute.';

/** The username a sign-in is for, as the account lookup reads it (so letter case or width buys no extra tries). */
function usernameKey(username: string): string {
  return username.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** The counters' answer, or 503 when they cannot be reached. */
const counted = <T>(request: FastifyRequest, work: Promise<T>): Promise<T> => countedOrRefused(request, work, THROTTLING_UNAVAILABLE_TEXT);

/** 429 with Retry-After for the counter that is over its limit. */
function throttled(reply: { header(name: string, value: string): unknown }, over: AttemptCount): HttpError {
  reply.header('Retry-After', String(over.retryAfterSeconds));
  return new HttpError(429, tooManyAttemptsText(over.retryAfterSeconds));
}

/**
 * Sign-in throttling that slows the guesser and not the player (docs/decisions/144). Only failed
 * sign-ins count — an attempt is counted when it starts and taken back unless it fails, so a wave
 * sent at once is bounded too — in 15-minute windows:
 * - per address, any usernames: beyond `failuresPerIp`, that address is refused;
 * - per username and address: beyond `failuresPerUsernameAndIp`; a success clears this counter;
 * - per username, from every address: beyond `failuresPerUsername` an address that has failures
 *   of its own is refused for that username (each new address of a spraying botnet gets one guess),
 *   while an address with none — the player's phone — signs in as usual.
 */
function signInThrottle(ctx: AppContext, counters: AttemptCounters) {
  const limits = ctx.loginLimits;
  return async (request: FastifyRequest, reply: { header(name: string, value: string): unknown }, username: string, attempt: (suspect: boolean) => Promise<string>): Promise<string> => {
    const name = usernameKey(username);
    const key = { ip: `login:ip:${request.ip}`, pair: `login:pair:${name}:${request.ip}`, user: `login:user:${name}` };
    const keys = [key.ip, key.pair, key.user];
    const [ip, pair, user] = (await counted(request, counters.read(keys))) as [AttemptCount, AttemptCount, AttemptCount];
    if (ip.count >= limits.failuresPerIp) throw throttled(reply, ip);
    if (pair.count >= limits.failuresPerUsernameAndIp) throw throttled(reply, pair);
    const addressHasFailures = ip.count > 0;
    if (user.count >= limits.failuresPerUsername && addressHasFailures) throw throttled(reply, user);
    await counted(request, counters.add(keys, LOGIN_WINDOW_MS));
    let outcome: 'signed-in' | 'failed' | 'other' = 'other';
    try {
      const token = await attempt(addressHasFailures && user.count >= SUSPECT_AFTER_FAILURES);
      outcome = 'signed-in';
      return token;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401 && error.message === LOGIN_FAILED_TEXT) outcome = 'failed';
      throw error;
    } finally {
      // Only a failure stays counted; a success also clears the player's counter at this address.
      if (outcome !== 'failed') await counted(request, counters.takeBack(outcome === 'signed-in' ? [key.ip, key.user] : keys));
      if (outcome === 'signed-in') await counted(request, counters.clear([key.pair]));
    }
  };
}

export const authFeature: Feature = {
  name: 'auth',
  register(app, ctx) {
    const counters = attemptCounters(ctx.cluster.sharedCounters(), ctx.now);
    const signIn = signInThrottle(ctx, counters);

    /** 401 'Invalid username or password' on a failed login; 429 when throttled. */
    registerEndpoint(app, ctx, authEndpoints.login, async ({ body, request, reply }) => ({
      accesstoken: await signIn(request, reply, body.username, (suspect) => login(ctx, body, { suspect })),
    }));

    /**
     * 400 'No reffer Found' for an unknown referral, 409 'Username already exists', 429 beyond
     * `registrationsPerIp` tries an hour from one address: a player learns that a name is taken, a
     * script cannot list the usernames (docs/decisions/144).
     */
    registerEndpoint(
      app,
      ctx,
      authEndpoints.register,
      async ({ body }) => {
        await register(ctx, body);
        return { message: REGISTER_TEXTS.success };
      },
      {
        onRequest: async (request, reply) => {
          const key = `register:ip:${request.ip}`;
          const [tries] = await counted(request, counters.read([key]));
          if (tries && tries.count >= ctx.loginLimits.registrationsPerIp) throw throttled(reply, tries);
          await counted(request, counters.add([key], REGISTER_WINDOW_MS));
        },
      },
    );

    /** Ends this session: its token answers 401 at once on every node; its sockets and streams close. */
    registerEndpoint(app, ctx, authEndpoints.logout, async ({ request }) => {
      const sessionId = currentSessionId(request);
      await endSession(ctx.store.db, sessionId, ctx.now());
      ctx.events.sessionEnded(sessionId);
      return { message: SIGNED_OUT_TEXT };
    });

    /** A ticket for one Video Karera connection of the caller's session (docs/decisions/142). */
    registerEndpoint(app, ctx, authEndpoints.kareraTicket, async ({ user, request }) => ({
      accesstoken: (await ctx.tokens.signTicket({ id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version, sessionId: currentSessionId(request) })).token,
    }));

    /** A new token of the same session; the session's idle time starts again. */
    registerEndpoint(app, ctx, authEndpoints.renew, async ({ request }) => {
      const user = currentUser(request);
      const sessionId = currentSessionId(request);
      if (!(await renewSession(ctx.store.db, { sessionId, userId: user.id, now: ctx.now(), idleSeconds: ctx.sessionIdleSeconds }))) {
        throw new HttpError(401, TOKEN_ERROR_TEXT);
      }
      return { accesstoken: await ctx.tokens.sign({ id: user.id, username: user.username, role: user.role, tokenVersion: user.token_version, sessionId }) };
    });
  },
};
