// CORS: browsers may call the API from the listed origins only.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export interface CorsPluginOptions {
  /** Browser origins allowed to call the API, each listed; none by default. */
  origins: readonly string[];
}

export const corsPlugin = fp<CorsPluginOptions>(
  async (app, { origins }) => {
    await app.register(cors, {
      // Each listed origin exactly; never any origin, never `null`.
      origin: [...origins],
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'suwerte-cors' },
);
