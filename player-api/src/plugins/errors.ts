// Errors: the error and not-found answers, and the requests refused before any handler.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, UNSTORABLE_TEXT, installErrorHandling } from '../lib/errors';

/** Only UTF-8 bodies are read: another charset would be parsed as if it were UTF-8. */
export const UTF8_ONLY_TEXT = 'Send the request body in UTF-8 (charset=utf-8)';

/** Why a request is refused before any handler, if it is: a NUL in the path, or a body in another charset than UTF-8. */
function refusalOf(request: FastifyRequest): HttpError | undefined {
  // A NUL in the path names nothing and no database stores it.
  if (request.url.includes('%00')) return new HttpError(400, UNSTORABLE_TEXT);
  const contentType = request.headers['content-type'];
  if (contentType === undefined) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) return new HttpError(415, UTF8_ONLY_TEXT);
  return undefined;
}

/**
 * The error and not-found answers, and the checks every request passes before any handler.
 * Register it after the security headers plugin: a refused request's answer carries them too.
 */
export const errorsPlugin = fp(
  async (app) => {
    installErrorHandling(app);
    app.addHook('onRequest', (request, _reply, done) => done(refusalOf(request)));
  },
  { name: 'suwerte-errors' },
);
