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

/**
 * Registers the route of one endpoint of the table: its method and path, its `auth` enforced
 * before the body is even parsed, params, query and body validated with the endpoint's schemas
 * (400 with the first bad field's text; a bad path parameter is 404), and the answer checked
 * against its response schema before it leaves — an answer that breaks the contract is a 500,
 * logged with the route, never a malformed answer to the browser.
 */
export function registerEndpoint<E extends AnyEndpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: EndpointHandler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status]: endpoint.response },
    },
    ...(endpoint.auth === 'public' ? {} : { onRequest: authorize(app, ctx, endpoint.auth) }),
    ...(endpoint.body ? { preValidation: bodyMustBeObject } : {}),
    handler: async (request, reply) => {
      // Fastify has replaced params, query and body with the schemas' parsed output.
      const input = { params: request.params, query: request.query, body: request.body } as EndpointParsedInput<E>;
      const answer = await handler({ ...input, user: callerOf(endpoint, request), request, reply });
      return reply.code(endpoint.status).send(answer);
    },
  });
}
