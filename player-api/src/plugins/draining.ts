// Closing (SIGTERM): the answers in flight finish, each closing its connection; a keep-alive
// connection that was busy when the close began is closed once idle, instead of holding the
// server open for its idle timeout (docs/decisions/181). New requests get Fastify's 503.
import fp from 'fastify-plugin';

/** While closing, how often connections that went idle are closed. */
const DRAIN_CHECK_MS = 50;

export const drainingPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      const drain = setInterval(() => app.server.closeIdleConnections(), DRAIN_CHECK_MS);
      app.server.once('close', () => clearInterval(drain));
      app.server.closeIdleConnections();
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) void reply.header('Connection', 'close');
      done(null, payload);
    });
  },
  { name: 'suwerte-draining' },
);
