import type { AxiosInstance } from 'axios';
import { ApiError, NETWORK_ERROR_TEXT } from './errors';

/**
 * The site's API client (./client.ts), loaded with the first call that goes to the API. A deep
 * link's first calls are answered before it is needed (./early-calls.ts), so axios arrives after
 * the page has painted instead of before it (docs/decisions/237). A client that cannot be loaded
 * (the connection dropped) fails the call as a network error, never with a chunk's error text;
 * the next call tries again.
 */
export function loadApiClient(): Promise<AxiosInstance> {
  return import('./client').then(
    (module) => module.apiClient,
    () => Promise.reject(new ApiError(NETWORK_ERROR_TEXT, 'network')),
  );
}
