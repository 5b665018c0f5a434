import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseProblemOf } from '../db/outage';

/** An error whose status and message are safe to send to the client as `{ message }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** The request field the refusal is about, answered as `field` like a validation failure's. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR_TEXT = 'Internal server error';
export const NOT_FOUND_TEXT = 'Not found';
export const BODY_NOT_OBJECT_TEXT = 'Request body must be a JSON object';
export const UNSTORABLE_TEXT = 'Text must not contain NUL characters or invalid UTF-8';
/** The answer of every route while the database cannot be reached or written (docs/decisions/180). */
export const DATABASE_UNAVAILABLE_TEXT = 'Suwerte is unavailable for a moment. Please try again in a minute.';
/** Seconds a client is asked to wait before trying again after DATABASE_UNAVAILABLE_TEXT. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/**
 * PostgreSQL's refusals of a text it cannot store or compare (a NUL byte, a byte sequence that
 * is not UTF-8): the client sent it, so it is a bad request — never a 5xx. SQLite stores any text.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code);
}

interface IssueLike {
  message: string;
  path: PropertyKey[];
}

function zodIssues(error: unknown): IssueLike[] | null {
  if (error instanceof z.core.$ZodError) return error.issues;
  // A ZodError from another copy of zod (e.g. a bundled dependency) is recognised by shape.
  if (error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues)) {
    return (error as unknown as { issues: IssueLike[] }).issues;
  }
  return null;
}

/** The 400 body of a validation failure: the first bad field's own message (the spec's text, verbatim). */
export function validationBody(issues: IssueLike[]): { message: string; field?: string } {
  const first = issues[0];
  if (!first) return { message: 'Invalid request' };
  const field = first.path.map(String).join('.');
  return field ? { message: first.message, field } : { message: first.message };
}

/** The issues of a request that failed its endpoint's schemas (params, query or body). */
function requestIssues(error: unknown): { context: string; issues: IssueLike[] } | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issues = error.validation.map((issue) => ({
    message: issue.message ?? 'Invalid request',
    path: issue.instancePath.split('/').filter((part) => part !== ''),
  }));
  return { context: error.validationContext ?? 'body', issues };
}

function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) ? status : null;
}

/**
 * The one error handler of the API: every failure answers `{ message }`.
 * - a request that fails its endpoint's schemas → 400, the first bad field's message (plus
 *   `field`, its path); a bad path parameter names no resource → 404 'Not found';
 * - zod validation errors thrown by a handler → 400 the same way;
 * - an answer that breaks its endpoint's response schema → 500, logged with the route and the issues;
 * - a text PostgreSQL cannot store (NUL, invalid UTF-8) → 400;
 * - the database unreachable, read-only, full or busy past its wait → 503 DATABASE_UNAVAILABLE_TEXT
 *   with Retry-After (db/outage.ts), logged;
 * - HttpError (and Fastify's own 4xx: bad JSON, empty JSON body, 413, 415…) → their status and text;
 * - anything else → 500 'Internal server error', logged server-side, no stack or detail leaked.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const invalid = requestIssues(error);
  if (invalid) {
    if (invalid.context === 'params') void reply.code(404).send({ message: NOT_FOUND_TEXT });
    else void reply.code(400).send(validationBody(invalid.issues));
    return;
  }
  if (error instanceof Error && error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
    const issues = zodIssues(error.cause) ?? [];
    request.log.error({ err: error, route: `${error.method} ${error.url}`, issues }, 'answer breaks its endpoint contract');
    void reply.code(500).send({ message: INTERNAL_ERROR_TEXT });
    return;
  }
  const issues = zodIssues(error);
  if (issues) {
    void reply.code(400).send(validationBody(issues));
    return;
  }
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.field === undefined ? { message: error.message } : { message: error.message, field: error.field });
    return;
  }
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) {
    const message = error instanceof Error && error.message ? error.message : 'Bad request';
    void reply.code(status).send({ message });
    return;
  }
  if (isUnstorableText(error)) {
    void reply.code(400).send({ message: UNSTORABLE_TEXT });
    return;
  }
  const problem = databaseProblemOf(error);
  if (problem) {
    request.log.error({ err: error, problem }, 'database unavailable');
    void reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: DATABASE_UNAVAILABLE_TEXT });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.code(500).send({ message: INTERNAL_ERROR_TEXT });
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).send({ message: NOT_FOUND_TEXT });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}
