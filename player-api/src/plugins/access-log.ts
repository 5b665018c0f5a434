// The access log: one line per request, written with the answer (docs/decisions/093).
import fp from 'fastify-plugin';
import { accessLogHook } from '../lib/access-log';

export interface AccessLogPluginOptions {
  /** Routine reads' access lines are written one in this many (lib/access-log.ts). */
  readSample: number;
}

export const accessLogPlugin = fp<AccessLogPluginOptions>(
  async (app, { readSample }) => {
    app.addHook('onResponse', accessLogHook(readSample));
  },
  { name: 'suwerte-access-log' },
);
