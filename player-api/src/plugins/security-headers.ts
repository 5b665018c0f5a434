// The headers every answer carries: helmet's security headers, and no-store unless a route says otherwise.
import fp from 'fastify-plugin';
import { applySecurityHeaders, securityHeadersOf } from '../lib/security-headers';

/**
 * Security headers on every answer (nosniff, frame and referrer rules…), helmet's. An API answer
 * is no page: nothing may load from it. The few HTML pages (demo stand-ins) send their own CSP.
 */
export const SECURITY_HEADERS_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
};

export const securityHeadersPlugin = fp(
  async (app) => {
    // Helmet's headers, worked out once (helmet rebuilds its middleware per request otherwise).
    // Callback hooks: no promise per request. Registered before the request checks, so a refusal carries them too.
    const securityHeaders = await securityHeadersOf(SECURITY_HEADERS_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      applySecurityHeaders(securityHeaders, reply.raw);
      done();
    });
    // Answers are a player's own (balances, histories, tokens): no cache keeps them unless a route says otherwise.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'suwerte-security-headers' },
);
