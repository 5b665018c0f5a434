// The security headers every answer carries (nosniff, frame and referrer rules, the API's CSP…)
// are helmet's. @fastify/helmet builds helmet's middleware again on every request — its options
// parsed, its CSP text assembled — which measured ~5 % of a cheap call's CPU (docs/decisions/123).
// With fixed options the headers are the same for every answer, so they are worked out once, by
// helmet itself, and set as they are on each request: helmet stays the one source of their values.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/** A header helmet sets (with its value), or removes (value null). */
export type SecurityHeader = readonly [name: string, value: string | null];

/**
 * The headers @fastify/helmet sets (and removes) with `options`, in its order and its casing:
 * recorded from its hooks on one request to a throwaway Fastify.
 */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<SecurityHeader[]> {
  const recorded: SecurityHeader[] = [];
  let recording = false;
  const probe = Fastify({ logger: false });
  try {
    probe.addHook('onRequest', (_request, reply, done) => {
      const response = reply.raw;
      const setHeader = response.setHeader.bind(response);
      const removeHeader = response.removeHeader.bind(response);
      recording = true;
      response.setHeader = (name, value) => {
        if (recording) recorded.push([name, String(value)]);
        return setHeader(name, value);
      };
      response.removeHeader = (name) => {
        if (recording) recorded.push([name, null]);
        removeHeader(name);
      };
      done();
    });
    await probe.register(helmet, options);
    probe.addHook('onRequest', (_request, _reply, done) => {
      recording = false;
      done();
    });
    probe.get('/', async () => ({}));
    await probe.inject({ url: '/' });
  } finally {
    await probe.close();
  }
  if (recorded.length === 0) throw new Error('helmet set no security header');
  return recorded;
}

/** Sets (or removes) the headers on the answer's response, as helmet's middleware does. */
export function applySecurityHeaders(headers: readonly SecurityHeader[], response: { setHeader(name: string, value: string): unknown; removeHeader(name: string): void }): void {
  for (const [name, value] of headers) {
    if (value === null) response.removeHeader(name);
    else response.setHeader(name, value);
  }
}
