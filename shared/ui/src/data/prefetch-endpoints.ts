// A page's data requested with its code (docs/decisions/211): a remote route's `handle.prefetch`
// starts the calls its page makes on its first render, while the page's code downloads; the answers
// land in the query cache under the very keys the page's queries read, so the page finds them there
// (or the calls under way) instead of asking once it has rendered.
import { queryClient, requestEndpoint } from '@suwerte/shared';
import type { AnyEndpoint } from '@suwerte/contracts/core';

/** What a remote route carries in `handle.prefetch`: starts its page's first calls; never rejects. */
export type PrefetchPageData = () => Promise<void>;

/**
 * Starts the calls of `endpoints` (ones the page queries without input) as the page's
 * `useEndpointQuery` would make them. A failed call is not kept as the page's answer: the page's
 * query, mounted later, asks again and shows its own error.
 */
export async function prefetchEndpoints(endpoints: readonly AnyEndpoint[]): Promise<void> {
  const input = { params: undefined, query: undefined };
  await Promise.all(
    endpoints.map((endpoint) =>
      queryClient.prefetchQuery({
        queryKey: endpoint.queryKey(input),
        queryFn: () => requestEndpoint(endpoint, input),
        ...(endpoint.staleTime === undefined ? {} : { staleTime: endpoint.staleTime }),
      }),
    ),
  );
}
