import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a bearer token: the game launches' `accesstoken` (document 1,
 * section 2) and the Video Karera socket handshake's (document 2, section 7). A token in a log
 * line is a session for whoever reads the logs.
 */
const TOKEN_PARAMETERS = /([?&](?:accesstoken|access_token|token)=)[^&#]*/gi;

export const REDACTED = '[REDACTED]';

/** The URL with every token parameter's value replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  // Every token parameter has an `=`: most request lines have none, and skip the expression.
  if (!url.includes('=')) return url;
  return url.replace(TOKEN_PARAMETERS, `$1${REDACTED}`);
}

/** Fastify's request log fields, with the URL redacted (the Authorization header is never logged). */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
