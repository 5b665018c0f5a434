import { describeCall, endpointPath, type AnyEndpoint, type EndpointInputArgs, type EndpointResponse } from '@suwerte/contracts/core';
import { loadApiClient } from './load-client';
import { takeEarlyAnswer } from './early-calls';
import { parseResponse } from './errors';

/** A call's input before its endpoint's types are known (the typed entry points check it). */
export interface RawEndpointInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** How a long call is carried: cancellable, and reporting how much of its body was sent. */
export interface TransferOptions {
  /** Aborting it rejects the call with an `ApiError` of kind 'canceled'. */
  signal?: AbortSignal;
  /** Called as the body goes out, with the share sent so far (0–1). */
  onUploadProgress?: (fraction: number) => void;
  /** Replaces the client's 15 s limit (a large upload on a phone's connection takes longer). */
  timeoutMs?: number;
  /** An absolute URL that replaces the endpoint's path on the API (a configured outside host). */
  url?: string;
}

/** Sends one call and parses its answer; the typed wrappers below and in ./query.ts use it. */
export async function requestEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  { params, query, body }: RawEndpointInput,
  { signal, onUploadProgress, url, timeoutMs }: TransferOptions = {},
): Promise<EndpointResponse<E>> {
  const path = url ?? endpointPath(endpoint, params);
  // A plain GET a deep link's warm-up may already have made (./early-calls.ts).
  const plain = endpoint.method === 'GET' && query === undefined && url === undefined && signal === undefined && timeoutMs === undefined && !endpoint.file;
  const early = plain ? await takeEarlyAnswer(path) : undefined;
  if (early) return parseResponse<E['response']>(endpoint.response, early.data, describeCall(endpoint, params));
  const apiClient = await loadApiClient();
  const { data } = await apiClient.request({
    method: endpoint.method,
    url: path,
    params: query,
    data: body,
    signal,
    ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
    // Without a known total (a streamed body) there is no share to report.
    ...(onUploadProgress ? { onUploadProgress: ({ progress }: { progress?: number }) => progress !== undefined && onUploadProgress(progress) } : {}),
    // A file answer arrives as a Blob (FileResponseSchema), anything else as parsed JSON.
    ...(endpoint.file ? { responseType: 'blob' as const } : {}),
  });
  return parseResponse<E['response']>(endpoint.response, data, describeCall(endpoint, params));
}

/**
 * Calls one endpoint of the table through the site's API client (base URL from the runtime
 * config, bearer token from the store, logout on 'ERROR VERIFYING TOKEN') and parses the answer
 * with the endpoint's response schema: a mismatch rejects with a clear `ApiError` ('contract').
 * For use outside React (loaders, socket handlers); components use the hooks in ./query.ts.
 */
export function callEndpoint<E extends AnyEndpoint>(endpoint: E, ...[input]: EndpointInputArgs<E>): Promise<EndpointResponse<E>> {
  return requestEndpoint(endpoint, input ?? {});
}
