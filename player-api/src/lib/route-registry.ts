import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RegistryAuth } from './auth';

/** A route of the API as registered: its method, path and who may call it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RegistryAuth;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route registered on `app` from now on (in every feature's scope), with the auth
 * its preHandler gives it. The security suite walks this list, so a new route cannot slip out
 * without its abuse and bad-input cases being replayed.
 */
export function recordRoutes(app: FastifyInstance, authOf: (route: RouteOptions) => RegistryAuth): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const auth = authOf(route);
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside every GET; it is the GET route.
      if (method !== 'HEAD') routes.push({ method, url: route.url ?? route.path ?? '', auth });
    }
  });
}

/** The routes recorded on `app` (see recordRoutes). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
