import type { FastifyInstance } from 'fastify';
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
