// The endpoint table's building block. One definition per call of the player API, read by the
// browser (hooks and `callEndpoint`), the player API (route registration with request and
// response validation) and the e2e suites. Pure: zod only, no React, axios or store here.
import { z } from 'zod/mini';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone (`public`), a signed-in player (role 420, `player`), a
 * back-office account (`operator`) or either of the two (`signed-in`: what a player and the
 * operators deciding on it both read, e.g. a proof image). The player API enforces it where the
 * route is registered.
 */
export type EndpointAuth = 'public' | 'player' | 'operator' | 'signed-in';

/** `'/operator/:kind/:id'` → `'kind' | 'id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type Schema = z.core.$ZodType;
type OptionalSchema = z.core.$ZodType | undefined;

/** A path with `:params` needs a params schema with (at least) those keys; a plain path has none. */
type ParamsSchemaFor<Path extends string> = [PathParamNames<Path>] extends [never]
  ? undefined
  : z.core.$ZodType<{ [K in PathParamNames<Path>]: string | number }, { [K in PathParamNames<Path>]: string | number }>;

/** What `defineEndpoint` takes. */
export interface EndpointConfig<
  Method extends EndpointMethod,
  Path extends string,
  Auth extends EndpointAuth,
  Params extends OptionalSchema,
  Query extends OptionalSchema,
  Body extends OptionalSchema,
  Response extends Schema,
  Status extends number,
> {
  method: Method;
  /** The path under the API's base URL, with `:name` for each path parameter. */
  path: Path;
  auth: Auth;
  /** One line: what the call is for (and where the spec names it). */
  summary: string;
  /** Path parameters (strings in the URL; coerce in the schema when a number is meant). */
  params?: Params & ParamsSchemaFor<Path>;
  /** Query-string parameters. */
  query?: Query;
  /** The JSON body (a JSON object). */
  body?: Body;
  /** The success answer's contract: the server checks what it sends, the browser what it gets. */
  response: Response;
  /** Status code of the success answer. @default 200 */
  status?: Status;
  /** Endpoints whose cached answers this call makes stale (for mutations). */
  invalidates?: readonly AnyEndpoint[];
  /** How long an answer stays fresh in the browser's cache, when it differs from the default. */
  staleTime?: number;
  /** Polling interval the spec gives for this call, if any. */
  pollMs?: number;
  /**
   * The answer is a stream of server-sent events (`text/event-stream`), each message's data one
   * `response` as JSON, instead of one JSON answer. @default false
   */
  stream?: boolean;
  /**
   * The answer is a file (bytes with their content type), not JSON: the browser receives a Blob
   * (`response` is `FileResponseSchema`), the server sends the bytes as they are. @default false
   */
  file?: boolean;
}

/** The `response` of a `file` endpoint: the bytes as the browser receives them. */
export const FileResponseSchema = z.instanceof(Blob, { error: 'Expected a file' });

/** A query key: the endpoint's id first, so every cached answer of one endpoint shares a prefix. */
export type EndpointQueryKey = readonly [string, ...unknown[]];

export interface Endpoint<
  Method extends EndpointMethod = EndpointMethod,
  Path extends string = string,
  Auth extends EndpointAuth = EndpointAuth,
  Params extends OptionalSchema = OptionalSchema,
  Query extends OptionalSchema = OptionalSchema,
  Body extends OptionalSchema = OptionalSchema,
  Response extends Schema = Schema,
  Status extends number = number,
> {
  /** `'GET /jackpot'`: names the endpoint in query keys, logs and error texts. */
  readonly id: `${Method} ${Path}`;
  readonly method: Method;
  readonly path: Path;
  readonly auth: Auth;
  readonly summary: string;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Response;
  readonly status: Status;
  readonly invalidates: readonly AnyEndpoint[];
  readonly staleTime: number | undefined;
  readonly pollMs: number | undefined;
  readonly stream: boolean;
  readonly file: boolean;
  /**
   * The browser's cache key of one answer: the id, then the params and query when the endpoint
   * has them (a function of the input, so two games' answers never share an entry).
   */
  queryKey(input?: { params?: unknown; query?: unknown }): EndpointQueryKey;
}

export type AnyEndpoint = Endpoint;

type Input<S> = S extends z.core.$ZodType ? z.input<S> : never;
type Output<S> = S extends z.core.$ZodType ? z.output<S> : never;

/** One part of a call's input: required when its schema requires something, absent without a schema. */
type Part<Key extends string, S> = S extends z.core.$ZodType
  ? Record<string, never> extends Input<S>
    ? { [K in Key]?: Input<S> }
    : { [K in Key]: Input<S> }
  : { [K in Key]?: undefined };

/** What a caller passes: `{ params, query, body }` as the endpoint's schemas take them. */
export type EndpointInput<E extends AnyEndpoint> = Part<'params', E['params']> & Part<'query', E['query']> & Part<'body', E['body']>;

/** The input as a rest argument: optional when the endpoint needs nothing. */
export type EndpointInputArgs<E extends AnyEndpoint> = Record<string, never> extends EndpointInput<E>
  ? [input?: EndpointInput<E>]
  : [input: EndpointInput<E>];

/** The parsed success answer. */
export type EndpointResponse<E extends AnyEndpoint> = z.output<E['response']>;

/** What the server's handler receives after validation. */
export interface EndpointParsedInput<E extends AnyEndpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
}

/** Defines one endpoint of the table (see README.md beside this file). */
export function defineEndpoint<
  const Method extends EndpointMethod,
  const Path extends string,
  const Auth extends EndpointAuth,
  Response extends Schema,
  Params extends OptionalSchema = undefined,
  Query extends OptionalSchema = undefined,
  Body extends OptionalSchema = undefined,
  const Status extends number = 200,
>(
  config: EndpointConfig<Method, Path, Auth, Params, Query, Body, Response, Status>,
): Endpoint<Method, Path, Auth, Params, Query, Body, Response, Status> {
  const id: `${Method} ${Path}` = `${config.method} ${config.path}`;
  // Omitted schemas are `undefined`, which is what the type parameters default to.
  const params = config.params as Params;
  const query = config.query as Query;
  const body = config.body as Body;
  return {
    id,
    method: config.method,
    path: config.path,
    auth: config.auth,
    summary: config.summary,
    params,
    query,
    body,
    response: config.response,
    status: (config.status ?? 200) as Status,
    invalidates: config.invalidates ?? [],
    staleTime: config.staleTime,
    pollMs: config.pollMs,
    stream: config.stream ?? false,
    file: config.file ?? false,
    queryKey(input) {
      const key: [string, ...unknown[]] = [id];
      if (params) key.push(input?.params ?? {});
      if (query) key.push(input?.query ?? {});
      return key;
    },
  };
}

/**
 * The path of one call: every `:name` replaced by its percent-encoded value. A missing value
 * is a programming error, reported at once rather than sent as `undefined`.
 */
export function endpointPath(endpoint: Pick<AnyEndpoint, 'path'>, params?: unknown): string {
  const values: Record<string, unknown> = typeof params === 'object' && params !== null ? { ...params } : {};
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from a query object (undefined values left out); '' when there is nothing. */
export function endpointSearch(query?: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Method and concrete path of one call, as logs and error texts name it (`GET /transaction/bankcodes/instapay`). */
export function describeCall(endpoint: Pick<AnyEndpoint, 'method' | 'path'>, params?: unknown): string {
  return `${endpoint.method} ${endpointPath(endpoint, params)}`;
}

/** Checks an answer against the endpoint's response schema (typed by the endpoint). */
export function safeParseResponse<E extends AnyEndpoint>(endpoint: E, data: unknown): z.util.SafeParseResult<EndpointResponse<E>> {
  const schema: E['response'] = endpoint.response;
  return z.safeParse(schema, data);
}
