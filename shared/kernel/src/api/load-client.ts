import type { AxiosInstance } from 'axios';

/**
 * The site's API client (./client.ts), loaded with the first call that goes to the API. A deep
 * link's first calls are answered before it is needed (./early-calls.ts), so axios arrives after
 * the page has painted instead of before it (docs/decisions/237).
 */
export function loadApiClient(): Promise<AxiosInstance> {
  return import('./client').then((module) => module.apiClient);
}
