// One call of the table with the platform's fetch alone: no axios, no store, no token unless
// given. For what runs outside the site's API client — the e2e suites and the release tools in
// Node, and the host's error reports, which must not carry the player's token nor load the client.
import { ApiErrorBodySchema } from '../contracts/errors';
import { describeCall, endpointPath, endpointSearch, safeParseResponse, type AnyEndpoint, type EndpointInput, type EndpointResponse } from './define';

export interface FetchEndpointOptions {
  /** The player API's base URL, e.g. `http://localhost:4000`. */
  api: string;
  /** A bearer token, when the endpoint's `auth` needs one. */
  token?: string;
  /** Headers besides the token and content type (e.g. a load test's client address behind a trusted proxy). */
  headers?: Record<string, string>;
  /** Passed to fetch as they are (e.g. `{ keepalive: true, credentials: 'omit' }`). */
  init?: Pick<RequestInit, 'keepalive' | 'credentials' | 'signal'>;
  /** The fetch to use (tests). @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** An answer other than the endpoint's success status, or one that breaks its contract. */
export class EndpointCallError extends Error {
  override readonly name = 'EndpointCallError';
  constructor(
    message: string,
    /** The HTTP status; null when the API could not be reached. */
    readonly status: number | null,
    /** The answer's text, as received. */
    readonly body: string,
  ) {
    super(message);
  }

  /** The `{ message }` of the answer, when it has one (the API's refusals). */
  get serverMessage(): string | null {
    try {
      const parsed = ApiErrorBodySchema.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data.message : null;
    } catch {
      return null;
    }
  }
}

type FetchArgs<E extends AnyEndpoint> = Record<string, never> extends EndpointInput<E>
  ? [input: EndpointInput<E> | undefined, options: FetchEndpointOptions]
  : [input: EndpointInput<E>, options: FetchEndpointOptions];

/** A call's input before its endpoint's types are known (the typed `fetchEndpoint` checks it). */
export interface RawFetchInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** `fetchEndpoint` for callers that check the input's type themselves (e.g. a wrapper with its own options). */
export async function fetchEndpointRaw<E extends AnyEndpoint>(endpoint: E, input: RawFetchInput, options: FetchEndpointOptions): Promise<EndpointResponse<E>> {
  if (endpoint.stream || endpoint.file) throw new TypeError(`${endpoint.id}: fetchEndpoint reads one JSON answer`);
  const { params, query, body } = input;
  const { api, token, init = {}, fetch: send = globalThis.fetch } = options;
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const call = describeCall(endpoint, params);
  let response: Response;
  try {
    response = await send(`${api.replace(/\/+$/, '')}${endpointPath(endpoint, params)}${endpointSearch(query)}`, {
      ...init,
      method: endpoint.method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new EndpointCallError(`${call}: the player API could not be reached (${error instanceof Error ? error.message : String(error)})`, null, '');
  }
  const text = await response.text();
  if (response.status !== endpoint.status) throw new EndpointCallError(`${call}: ${response.status} ${text}`, response.status, text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EndpointCallError(`${call}: the answer is not JSON`, response.status, text);
  }
  const answer = safeParseResponse(endpoint, json);
  if (!answer.success) throw new EndpointCallError(`${call}: the answer breaks its contract: ${answer.error.message}`, response.status, text);
  return answer.data;
}

/**
 * Calls one endpoint of the table and parses the answer with its response schema. Anything but
 * the endpoint's `status` — or a network failure, or an answer that breaks the contract — throws
 * an `EndpointCallError` naming the call.
 */
export function fetchEndpoint<E extends AnyEndpoint>(endpoint: E, ...[input, options]: FetchArgs<E>): Promise<EndpointResponse<E>> {
  return fetchEndpointRaw(endpoint, input ?? {}, options);
}
