import { sql } from 'kysely';
import type { Feature } from '../../context';

/**
 * GET /health → { status: 'ok', leader } (docker health checks; `leader`: whether this node runs
 * the timed work now, for operators of several nodes); 503 when the database does not answer.
 */
export const healthFeature: Feature = {
  name: 'health',
  register(app, ctx) {
    app.get('/health', async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(ctx.store.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
      return { status: 'ok', leader: ctx.cluster.isLeader };
    });
  },
};
