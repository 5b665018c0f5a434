import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { TOKEN_ERROR_TEXT, endpointPath, endpointSearch, safeParseResponse, type AnyEndpoint, type EndpointResponse } from '@suwerte/contracts/core';
import { sessionStore } from '../store/session-store';
import { serverText } from './errors';

/** Reconnection after a dropped stream: 1 s, doubling up to 5 s (as the Video Karera socket). */
export const STREAM_RETRY_MS = { first: 1_000, max: 5_000 } as const;

export interface EventStreamOptions<E extends AnyEndpoint> {
  /** Each message, parsed with the endpoint's response schema (malformed ones are skipped). */
  onMessage: (message: EndpointResponse<E>) => void;
  /** Path parameters and query of the stream, if it has any. */
  input?: { params?: unknown; query?: unknown };
}

/** Splits server-sent event text into the `data` of each complete message; returns what is left over. */
export function readEventData(buffer: string): { messages: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages = blocks
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter((data) => data !== '');
  return { messages, rest };
}

/**
 * Follows a `stream` endpoint (server-sent events) for the signed-in player until stopped:
 * fetch with the bearer token (EventSource cannot send one), each message checked against the
 * endpoint's schema, reopened after a drop. A refused token signs the player out, as any call
 * answering 'ERROR VERIFYING TOKEN' does. Returns what stops it.
 */
export function openEventStream<E extends AnyEndpoint>(endpoint: E, { onMessage, input = {} }: EventStreamOptions<E>): () => void {
  const abort = new AbortController();
  let retryMs: number = STREAM_RETRY_MS.first;

  const follow = async (): Promise<void> => {
    const config = await whenRuntimeConfig();
    const token = sessionStore.getState().user.token;
    if (!token || abort.signal.aborted) return;
    const url = `${forSiteType(config.api).replace(/\/+$/, '')}${endpointPath(endpoint, input.params)}${endpointSearch(input.query)}`;
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) {
      const text = serverText(await response.json().catch(() => null));
      if (text === TOKEN_ERROR_TEXT && sessionStore.getState().user.token === token) sessionStore.getState().logout();
      throw new Error(`${endpoint.id}: HTTP ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      retryMs = STREAM_RETRY_MS.first;
      const { messages, rest } = readEventData(buffer + value);
      buffer = rest;
      for (const data of messages) {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          continue;
        }
        const parsed = safeParseResponse(endpoint, json);
        if (parsed.success) onMessage(parsed.data);
        else console.warn(`${endpoint.id}: ignored a malformed message`);
      }
    }
  };

  const loop = async (): Promise<void> => {
    while (!abort.signal.aborted && sessionStore.getState().user.token) {
      // A stream ends normally too (the server closes it now and then to check the token again).
      await follow().catch(() => undefined);
      if (abort.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, STREAM_RETRY_MS.max);
    }
  };
  void loop();
  return () => abort.abort();
}
