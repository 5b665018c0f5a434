import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { registeredRoutes, type RegisteredRoute } from '../lib/route-registry';

/** Values for the path parameters of the API's routes, so every route can be called for real. */
const PARAMETER_VALUES: Record<string, string> = {
  channel: 'instapay',
  name: 'instapay',
  kind: 'deposits',
  id: '0123456789abcdef01234567',
  decision: 'approve',
  game: 'pick3',
  ref: '0123456789abcdef0123456789abcdef',
};

/** A route's path with each `:param` replaced (by `values`, else a sensible value of its name). */
export function concretePath(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? PARAMETER_VALUES[name] ?? 'x'));
}

/** The API's routes other than the CORS preflight catch-all, as `app` registered them. */
export function apiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registeredRoutes(app).filter((route) => route.method !== 'OPTIONS');
}

export const describeRoute = (route: RegisteredRoute): string => `${route.method} ${route.url}`;

/**
 * `app.inject` for the suites that call every route: the same answer, except that a route that
 * opens an event stream (200 `text/event-stream`, e.g. GET /account/events) is left as soon as
 * its headers arrive — its body is empty — instead of being awaited until the stream ends.
 */
export async function injectRoute(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const chunks: Buffer[] = [];
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const rawPayload = Buffer.concat(chunks);
  const payload = rawPayload.toString();
  return { ...response, rawPayload, payload, body: payload, json: <T>() => JSON.parse(payload) as T };
}
