import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { AnyEndpoint, EndpointAuth, EndpointParsedInput, EndpointResponse } from '@suwerte/contracts';
import type { AppContext } from '../context';
import type { UserRow } from '../db/users';
import type { AuthenticateHook } from './auth';
import { BODY_NOT_OBJECT_TEXT, HttpError } from './errors';

export { OPERATORS_ONLY_TEXT, PLAYERS_ONLY_TEXT } from './auth';

/** What a handler receives: the validated input, the caller (null on public routes), and Fastify's request and reply. */
export interface EndpointCall<E extends AnyEndpoint> extends EndpointParsedInput<E> {
  user: E['auth'] extends 'public' ? null : UserRow;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A route's handler returns the success answer; the registration sends it with the endpoint's
 * status after checking it against the endpoint's response schema.
 */
export type EndpointHandler<E extends AnyEndpoint> = (call: EndpointCall<E>) => EndpointResponse<E> | Promise<EndpointResponse<E>>;

/**
 * The `auth` of an endpoint, before anything is parsed (lib/auth.ts): a missing, forged, expired
 * or ended-session token is 401 'ERROR VERIFYING TOKEN' (the browser logs out on it); a valid
 * token of the wrong role 403. The context's own handlers, so the route registry knows the route's role.
 */
function authorize(ctx: AppContext, auth: Exclude<EndpointAuth, 'public'>) {
  const checks = { player: ctx.authenticate, operator: ctx.authenticateOperator, 'signed-in': ctx.authenticateSignedIn } as const;
  return checks[auth];
}

/** A JSON body must be an object; anything else gets the same text the API always gave. */
const bodyMustBeObject: preValidationAsyncHookHandler = async (request) => {
  const { body } = request;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, BODY_NOT_OBJECT_TEXT);
};

/** The caller of a protected route, as `authorize` left it. */
function callerOf<E extends AnyEndpoint>(endpoint: E, request: FastifyRequest): EndpointCall<E>['user'] {
  if (endpoint.auth === 'public') return null as EndpointCall<E>['user'];
  if (!request.user) throw new Error(`${endpoint.id}: no user after authorization`);
  return request.user as EndpointCall<E>['user'];
}

/**
 * What a route adds to its registration, run after the endpoint's own auth: e.g. sign-in
 * throttling per address (`onRequest`, before the body is read) and per username (`preHandler`,
 * once the body is validated).
 */
export interface EndpointHooks {
  onRequest?: onRequestAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
  /** Checks the caller instead of the endpoint's own `auth` hook: one of the context's (the game site's calls take a launch token). */
  authenticate?: AuthenticateHook;
}

/** Method, path, auth and request validation of an endpoint's route. */
function routeOptions(ctx: AppContext, endpoint: AnyEndpoint, hooks: EndpointHooks) {
  const auth = hooks.authenticate ?? (endpoint.auth === 'public' ? null : authorize(ctx, endpoint.auth));
  const onRequest = [...(auth ? [auth] : []), ...(hooks.onRequest ? [hooks.onRequest] : [])];
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
    },
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(endpoint.body ? { preValidation: bodyMustBeObject } : {}),
    ...(hooks.preHandler ? { preHandler: hooks.preHandler } : {}),
  };
}

/** Fastify has replaced params, query and body with the schemas' parsed output by the time the handler runs. */
function callOf<E extends AnyEndpoint>(endpoint: E, request: FastifyRequest, reply: FastifyReply): EndpointCall<E> {
  // One object literal, not a spread of another: this runs on every call.
  return { params: request.params, query: request.query, body: request.body, user: callerOf(endpoint, request), request, reply } as EndpointCall<E>;
}

/**
 * Registers the route of one endpoint of the table: its method and path, its `auth` enforced
 * before the body is even parsed, params, query and body validated with the endpoint's schemas
 * (400 with the first bad field's text; a bad path parameter is 404), and the answer checked
 * against its response schema before it leaves — an answer that breaks the contract is a 500,
 * logged with the route, never a malformed answer to the browser.
 */
export function registerEndpoint<E extends AnyEndpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: EndpointHandler<E>, hooks: EndpointHooks = {}): void {
  if (endpoint.stream) throw new Error(`${endpoint.id} is a stream: use registerEventStream`);
  if (endpoint.file) throw new Error(`${endpoint.id} answers a file: use registerFileEndpoint`);
  const options = routeOptions(ctx, endpoint, hooks);
  app.route({
    ...options,
    schema: { ...options.schema, response: { [endpoint.status]: endpoint.response } },
    handler: (request, reply) => {
      const answer = handler(callOf(endpoint, request, reply));
      // An answer at hand (a cached one) is sent at once; no promise in between (docs/decisions/131).
      if (!isPromise(answer)) return void reply.code(endpoint.status).send(answer);
      return answer.then((settled) => reply.code(endpoint.status).send(settled));
    },
  });
}

/** A handler's answer still to come: a promise, or any thenable (as Fastify itself tells them). */
function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** A file answer: its bytes, content type and any headers of its own (caching, embedding). */
export interface FileAnswer {
  body: Buffer;
  contentType: string;
  headers?: Record<string, string>;
}

/**
 * Registers a `file` endpoint: the same auth and input validation as any endpoint, then the
 * handler's bytes as they are (`nosniff`, and nothing but the file itself may run in them).
 */
export function registerFileEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (call: EndpointCall<E>) => Promise<FileAnswer>,
): void {
  if (!endpoint.file) throw new Error(`${endpoint.id} answers JSON: use registerEndpoint`);
  app.route({
    ...routeOptions(ctx, endpoint, {}),
    handler: async (request, reply) => {
      const file = await handler(callOf(endpoint, request, reply));
      return reply
        .code(endpoint.status)
        .headers({ ...file.headers, 'content-type': file.contentType, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" })
        .send(file.body);
    },
  });
}

/** Sends one message of an event stream (checked against the endpoint's response schema first). */
export type EventSender<E extends AnyEndpoint> = (message: EndpointResponse<E>) => void;

/** Starts what feeds one stream; returns what stops it. */
export type EventStreamStarter<E extends AnyEndpoint> = (call: EndpointCall<E>, send: EventSender<E>) => () => void;

/** Comment lines keep idle connections (and proxies) from timing out. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;
/** A stream ends after this long and the browser reopens it, so its token is checked again. */
export const EVENT_STREAM_MAX_MS = 5 * 60_000;

/**
 * Registers a `stream` endpoint as server-sent events: the same auth and input validation as
 * any endpoint, then `text/event-stream` with one `data:` line per message. A message that
 * breaks the endpoint's contract is logged and not sent (the stream goes on). A logout ends its
 * session's streams, a password change the streams of the account's older sessions, at once (as it disconnects their sockets):
 * the page that changed it reopens with its new token, the others are refused and sign out.
 */
export function registerEventStream<E extends AnyEndpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, start: EventStreamStarter<E>): void {
  if (!endpoint.stream) throw new Error(`${endpoint.id} is not a stream: use registerEndpoint`);
  /** Each open stream's end, with whose session it serves (null on a public stream). */
  const open = new Map<() => void, { userId: string; version: number; sessionId: string | null } | null>();
  app.addHook('preClose', async () => {
    for (const end of [...open.keys()]) end();
  });
  ctx.events.onSessionsEnded((userId, version) => {
    for (const [end, session] of [...open]) if (session && session.userId === userId && session.version < version) end();
  });
  // A logout ends that session's streams at once.
  ctx.events.onSessionEnded((sessionId) => {
    for (const [end, session] of [...open]) if (session?.sessionId === sessionId) end();
  });
  app.route({
    ...routeOptions(ctx, endpoint, {}),
    handler: async (request, reply) => {
      const call = callOf(endpoint, request, reply);
      reply.hijack();
      // Headers set by hooks (CORS) live on the reply, which a hijacked response bypasses.
      const hooked: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) hooked[name] = value;
      reply.raw.writeHead(200, {
        ...hooked,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.write(': open\n\n');
      const send: EventSender<E> = (message) => {
        const checked = z.safeParse(endpoint.response, message);
        if (!checked.success) {
          request.log.error({ route: endpoint.id, issues: checked.error.issues }, 'event breaks its endpoint contract');
          return;
        }
        reply.raw.write(`data: ${JSON.stringify(checked.data)}\n\n`);
      };
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
      const limit = setTimeout(() => end(), EVENT_STREAM_MAX_MS);
      let stop: () => void = () => undefined;
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        clearTimeout(limit);
        stop();
        reply.raw.end();
      };
      open.set(end, call.user ? { userId: call.user.id, version: call.user.token_version, sessionId: request.sessionId } : null);
      request.raw.on('close', end);
      stop = start(call, send);
    },
  });
}
