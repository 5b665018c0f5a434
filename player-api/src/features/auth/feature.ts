import rateLimit from '@fastify/rate-limit';
import { REGISTER_TEXTS, authEndpoints } from '@suwerte/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { login, register } from './auth';

const MINUTE_MS = 60_000;
const USERNAME_WINDOW_MS = 15 * MINUTE_MS;

/** The 429 of a throttled sign-in or registration: what happened and when to try again. */
export const tooManyAttemptsText = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/** The 503 of a sign-in or registration while the shared attempt counters (Redis) cannot be reached. */
export const THROTTLING_UNAVAILABLE_TEXT = 'Signing in and registering are unavailable for a moment. Please try again in a minute.';

/** The username a sign-in is for, as the account lookup reads it (so letter case or width buys no extra tries). */
function usernameKey(request: FastifyRequest): string {
  const body: unknown = request.body;
  const username = typeof body === 'object' && body !== null && 'username' in body ? body.username : null;
  return typeof username === 'string' ? username.normalize('NFKC').replace(/\s+/g, '').toLowerCase() : '';
}

export const authFeature: Feature = {
  name: 'auth',
  async register(app, ctx) {
    // Throttling: per client address on sign-in and registration, per username on sign-in — so
    // neither one address nor many can guess a player's password, while other players sign in as
    // usual. Beyond: 429 with Retry-After. The counters live in Redis when several nodes run (one
    // player's attempts through every node add up), else in this process's memory.
    const shared = ctx.cluster.sharedCounters();
    await app.register(rateLimit, { global: false, cache: 100_000, ...(shared ? { redis: shared.redis, nameSpace: shared.prefix } : {}) });
    const limits = ctx.loginLimits;
    const throttle = (limiter: ReturnType<typeof app.createRateLimit>): onRequestAsyncHookHandler =>
      async function throttled(request, reply) {
        const result = await limiter(request).catch((error: unknown) => {
          // Redis unreachable: refuse rather than let unthrottled guesses through (docs/decisions/121).
          request.log.error({ err: error }, 'sign-in throttling: the shared counters are unreachable');
          throw new HttpError(503, THROTTLING_UNAVAILABLE_TEXT);
        });
        if (result.isAllowed || !result.isExceeded) return;
        void reply.header('Retry-After', String(result.ttlInSeconds));
        throw new HttpError(429, tooManyAttemptsText(result.ttlInSeconds));
      };
    const perAddress = (scope: string) =>
      throttle(app.createRateLimit({ max: limits.perIpPerMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => `${scope}:ip:${request.ip}` }));
    const perUsername = throttle(
      app.createRateLimit({ max: limits.perUsernamePer15Minutes, timeWindow: USERNAME_WINDOW_MS, keyGenerator: (request) => `login:user:${usernameKey(request)}` }),
    );

    /** 401 'Invalid username or password' on a failed login; 429 when throttled. */
    registerEndpoint(app, ctx, authEndpoints.login, async ({ body }) => ({ accesstoken: await login(ctx, body) }), {
      onRequest: perAddress('login'),
      preHandler: perUsername,
    });

    /** 400 'No reffer Found' for an unknown referral, 409 'Username already exists', 429 when throttled. */
    registerEndpoint(
      app,
      ctx,
      authEndpoints.register,
      async ({ body }) => {
        await register(ctx, body);
        return { message: REGISTER_TEXTS.success };
      },
      { onRequest: perAddress('register') },
    );
  },
};
