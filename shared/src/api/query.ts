import {
  QueryClient,
  useMutation,
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { sessionStore } from '../store/session-store';
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

// A player's data never outlives their session.
sessionStore.subscribe((state, previous) => {
  if (state.user.token !== previous.user.token) queryClient.clear();
});

export function useApiQuery<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, ApiError, T, K>,
): UseQueryResult<T, ApiError> {
  return useQuery(options, queryClient);
}

export function useApiMutation<T, V = void, C = unknown>(
  options: UseMutationOptions<T, ApiError, V, C>,
): UseMutationResult<T, ApiError, V, C> {
  return useMutation(options, queryClient);
}

export type { DefaultError };
