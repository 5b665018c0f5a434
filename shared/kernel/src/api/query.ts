import {
  QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { AnyEndpoint, EndpointInput, EndpointQueryKey, EndpointResponse } from '@suwerte/contracts/core';
import { sessionStore } from '../store/session-store';
import { requestEndpoint, type RawEndpointInput } from './call-endpoint';
import type { ApiError } from './errors';

/**
 * Server state (lists, polling, refetch after a bet) lives here, not in the session store.
 * One client for the page, passed explicitly so no provider is needed in the shell.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 5_000, refetchOnWindowFocus: true },
  },
});

// A player's data never outlives their session: dropped at sign-out and when another player signs
// in. A renewed token of the same player (`renewToken`: at a page load once the token is 15 minutes
// old, then on activity) keeps it — dropping it drew every shown list again from its loading state
// and asked the API for all of it again (docs/decisions/245).
sessionStore.subscribe(({ user }, { user: before }) => {
  if (user.token === before.token) return;
  const renewed = user.token !== null && before.token !== null && user.name === before.name;
  if (!renewed) queryClient.clear();
});

/** TanStack Query's own options of a query, minus what the endpoint decides (key and function). */
export type EndpointQueryOptions<E extends AnyEndpoint, TData = EndpointResponse<E>> = Omit<
  UseQueryOptions<EndpointResponse<E>, ApiError, TData, EndpointQueryKey>,
  'queryKey' | 'queryFn'
>;

/** The second argument of `useEndpointQuery`: the call's input and the query's options. */
export type EndpointQueryArgs<E extends AnyEndpoint, TData> = Record<string, never> extends EndpointInput<E>
  ? [options?: Omit<EndpointInput<E>, 'body'> & EndpointQueryOptions<E, TData>]
  : [options: Omit<EndpointInput<E>, 'body'> & EndpointQueryOptions<E, TData>];

/** The endpoint's own cache defaults: only those it sets (an `undefined` would override the client's). */
function endpointDefaults(endpoint: AnyEndpoint): { staleTime?: number; refetchInterval?: number } {
  return {
    ...(endpoint.staleTime === undefined ? {} : { staleTime: endpoint.staleTime }),
    ...(endpoint.pollMs === undefined ? {} : { refetchInterval: endpoint.pollMs }),
  };
}

/**
 * TanStack Query options of one endpoint's answer: its key (a function of the input), the call
 * (answer parsed with the endpoint's schema) and the endpoint's cache defaults, then `options`.
 */
export function endpointQueryOptions<E extends AnyEndpoint, TData = EndpointResponse<E>>(endpoint: E, ...[options]: EndpointQueryArgs<E, TData>) {
  const { params, query, ...rest }: RawEndpointInput & EndpointQueryOptions<E, TData> = options ?? {};
  const input = { params, query };
  return queryOptions<EndpointResponse<E>, ApiError, TData, EndpointQueryKey>({
    ...endpointDefaults(endpoint),
    ...rest,
    queryKey: endpoint.queryKey(input),
    queryFn: () => requestEndpoint(endpoint, input),
  });
}

/** One endpoint's answer as server state: `useEndpointQuery(lottoEndpoints.results, { enabled: opened })`. */
export function useEndpointQuery<E extends AnyEndpoint, TData = EndpointResponse<E>>(
  endpoint: E,
  ...args: EndpointQueryArgs<E, TData>
): UseQueryResult<TData, ApiError> {
  return useQuery(endpointQueryOptions(endpoint, ...args), queryClient);
}

/** What `mutate` takes: nothing for an endpoint without input, else `{ params, query, body }`. */
export type EndpointVariables<E extends AnyEndpoint> = Record<string, never> extends EndpointInput<E> ? EndpointInput<E> | void : EndpointInput<E>;

/** Marks every cached answer of these endpoints stale (refetched where shown). */
export function invalidateEndpoints(endpoints: readonly AnyEndpoint[]): void {
  for (const endpoint of endpoints) void queryClient.invalidateQueries({ queryKey: [endpoint.id] });
}

/**
 * A call that changes something. On success, the endpoints its definition `invalidates` are
 * refetched wherever they are shown; `options` add the page's own reaction.
 */
export function useEndpointMutation<E extends AnyEndpoint, C = unknown>(
  endpoint: E,
  options?: Omit<UseMutationOptions<EndpointResponse<E>, ApiError, EndpointVariables<E>, C>, 'mutationFn'>,
): UseMutationResult<EndpointResponse<E>, ApiError, EndpointVariables<E>, C> {
  return useMutation(
    {
      ...options,
      mutationFn: async (variables) => {
        const answer = await requestEndpoint(endpoint, variables ?? {});
        invalidateEndpoints(endpoint.invalidates);
        return answer;
      },
    },
    queryClient,
  );
}

/** The cached answer of one call, if any. */
export function getEndpointData<E extends AnyEndpoint>(endpoint: E, input?: RawEndpointInput): EndpointResponse<E> | undefined {
  return queryClient.getQueryData<EndpointResponse<E>>(endpoint.queryKey(input));
}

/** Writes an answer into the cache (e.g. a list with the record a mutation just created). */
export function setEndpointData<E extends AnyEndpoint>(
  endpoint: E,
  input: RawEndpointInput | undefined,
  updater: (previous: EndpointResponse<E> | undefined) => EndpointResponse<E> | undefined,
): void {
  queryClient.setQueryData<EndpointResponse<E>>(endpoint.queryKey(input), updater);
}


/**
 * A mutation that is not one endpoint call (e.g. upload a proof to the image host, then record
 * the deposit): the same client and error type as the endpoint hooks.
 */
export function useApiMutation<T, V = void, C = unknown>(options: UseMutationOptions<T, ApiError, V, C>): UseMutationResult<T, ApiError, V, C> {
  return useMutation(options, queryClient);
}
