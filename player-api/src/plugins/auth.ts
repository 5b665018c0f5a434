// Auth: the request's signed-in user (set by the context's `authenticate…` preHandlers), and the
// register of every route with the role it requires (lib/route-registry.ts).
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { recordRoutes } from '../lib/route-registry';

export interface AuthPluginOptions {
  ctx: Pick<AppContext, 'authenticate' | 'authenticateGameSite' | 'authenticateOperator' | 'authenticateSignedIn'>;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { ctx }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('dataVersion', undefined);
    app.decorateRequest('sessionId', null);
    recordRoutes(app, (route) => {
      // Hand-registered routes check in preHandler, the endpoint table's in onRequest.
      const handlers = [route.preHandler ?? [], route.onRequest ?? []].flat();
      if (handlers.includes(ctx.authenticate) || handlers.includes(ctx.authenticateGameSite)) return 'player';
      if (handlers.includes(ctx.authenticateOperator)) return 'operator';
      return handlers.includes(ctx.authenticateSignedIn) ? 'signed-in' : 'public';
    });
  },
  { name: 'suwerte-auth' },
);
