import { z } from 'zod/mini';
import { ApiErrorBodySchema, TOKEN_ERROR_TEXT } from '@suwerte/contracts/core';

/** `canceled`: the caller aborted the call (its `signal`); nothing to show the player. */
export type ApiErrorKind = 'network' | 'http' | 'contract' | 'canceled';

/** The text of a call that never reached the API (no answer, or the client's own code not loaded). */
export const NETWORK_ERROR_TEXT = 'Network error: the server could not be reached.';

/** The text of a call the caller aborted. */
export const CANCELED_TEXT = 'Cancelled.';

/** The one error type API calls reject with: a message fit to show, and what went wrong. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    /** The server's own text, when it sent one. */
    readonly serverText: string | null = null,
  ) {
    super(message);
  }
}

/** The server's text of a failed call: a JSON `{message}` or a bare string body. */
export function serverText(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() || null;
  const body = ApiErrorBodySchema.safeParse(data);
  return body.success ? body.data.message : null;
}

/**
 * The parts of an axios error this module reads. Recognised as axios itself does (its
 * `isAxiosError` and `isCancel`), so that the kernel's main entry point does not carry axios: the
 * client loads with the first call that needs it (./load-client.ts).
 */
interface AxiosLikeError {
  isAxiosError: true;
  response?: { status: number; data?: unknown };
}

function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

function isCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}

export function isTokenError(error: unknown): boolean {
  return isAxiosLikeError(error) && serverText(error.response?.data) === TOKEN_ERROR_TEXT;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) return new ApiError(CANCELED_TEXT, 'canceled');
  if (isAxiosLikeError(error)) {
    if (!error.response) return new ApiError(NETWORK_ERROR_TEXT, 'network');
    const status = error.response.status;
    const text = serverText(error.response.data);
    return new ApiError(text ?? `Request failed (HTTP ${status}).`, 'http', status, text);
  }
  return new ApiError(error instanceof Error ? error.message : 'Unexpected error.', 'network');
}

/** Parses a response body against its contract; a mismatch is a clear error, never a crash later on. */
export function parseResponse<S extends z.core.$ZodType>(schema: S, data: unknown, call: string): z.infer<S> {
  const parsed = z.safeParse(schema, data);
  if (parsed.success) return parsed.data;
  throw new ApiError(`Unexpected answer from ${call}. Please try again later.`, 'contract');
}
