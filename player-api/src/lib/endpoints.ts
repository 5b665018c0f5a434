import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { PLAYER_ROLE } from '@suwerte/shared/contracts';
import type { AnyEndpoint, EndpointAuth, EndpointParsedInput, EndpointResponse } from '@suwerte/shared/endpoints';
import type { AppContext } from '../context';
import { OPERATOR_ROLE, type UserRow } from '../db/users';
import { OPERATORS_ONLY_TEXT } from './auth';
import { BODY_NOT_OBJECT_TEXT, HttpError } from './errors';

/** An operator (or any non-player) token on a player route. */
export const PLAYERS_ONLY_TEXT = 'Players only';

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

const ROLE_OF: Record<Exclude<EndpointAuth, 'public'>, { role: number; refusal: string }> = {
  player: { role: PLAYER_ROLE, refusal: PLAYERS_ONLY_TEXT },
  operator: { role: OPERATOR_ROLE, refusal: OPERATORS_ONLY_TEXT },
};

/**
 * The `auth` of an endpoint, before anything is parsed: a missing, forged or expired token is
 * 401 'ERROR VERIFYING TOKEN' (the browser logs out on it); a valid token of the wrong role 403.
 */
function authorize(app: FastifyInstance, ctx: AppContext, auth: Exclude<EndpointAuth, 'public'>): onRequestAsyncHookHandler {
  const { role, refusal } = ROLE_OF[auth];
  return async function authorizeRole(request, reply) {
    await ctx.authenticate.call(app, request, reply);
    if (reply.sent) return reply;
    if (request.user?.role !== role) throw new HttpError(403, refusal);
  };
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

/** Method, path, auth and request validation of an endpoint's route. */
function routeOptions(app: FastifyInstance, ctx: AppContext, endpoint: AnyEndpoint) {
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
    },
    ...(endpoint.auth === 'public' ? {} : { onRequest: authorize(app, ctx, endpoint.auth) }),
    ...(endpoint.body ? { preValidation: bodyMustBeObject } : {}),
  };
}

/** Fastify has replaced params, query and body with the schemas' parsed output by the time the handler runs. */
function callOf<E extends AnyEndpoint>(endpoint: E, request: FastifyRequest, reply: FastifyReply): EndpointCall<E> {
  const input = { params: request.params, query: request.query, body: request.body } as EndpointParsedInput<E>;
  return { ...input, user: callerOf(endpoint, request), request, reply };
}

/**
 * Registers the route of one endpoint of the table: its method and path, its `auth` enforced
 * before the body is even parsed, params, query and body validated with the endpoint's schemas
 * (400 with the first bad field's text; a bad path parameter is 404), and the answer checked
 * against its response schema before it leaves — an answer that breaks the contract is a 500,
 * logged with the route, never a malformed answer to the browser.
 */
export function registerEndpoint<E extends AnyEndpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: EndpointHandler<E>): void {
  if (endpoint.stream) throw new Error(`${endpoint.id} is a stream: use registerEventStream`);
  const options = routeOptions(app, ctx, endpoint);
  app.route({
    ...options,
    schema: { ...options.schema, response: { [endpoint.status]: endpoint.response } },
    handler: async (request, reply) => {
      const answer = await handler(callOf(endpoint, request, reply));
      return reply.code(endpoint.status).send(answer);
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
 * breaks the endpoint's contract is logged and not sent (the stream goes on).
 */
export function registerEventStream<E extends AnyEndpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, start: EventStreamStarter<E>): void {
  if (!endpoint.stream) throw new Error(`${endpoint.id} is not a stream: use registerEndpoint`);
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.route({
    ...routeOptions(app, ctx, endpoint),
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
        const checked = endpoint.response.safeParse(message);
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
      open.add(end);
      request.raw.on('close', end);
      stop = start(call, send);
    },
  });
}
