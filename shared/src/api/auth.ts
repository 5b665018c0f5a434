import {
  LoginResponseSchema,
  REGISTER_TEXTS,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
} from '../contracts/auth';
import { apiClient } from './client';
import { ApiError, parseResponse, serverText } from './errors';

/** POST /player/login */
export async function loginPlayer(request: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post('/player/login', request);
  return parseResponse(LoginResponseSchema, data, 'POST /player/login');
}

/** The text the register page shows for a server answer (document 1, section 8). */
export function registerFailureText(text: string | null): string {
  if (!text) return REGISTER_TEXTS.empty;
  if (text === REGISTER_TEXTS.unknownReferralServer) return REGISTER_TEXTS.unknownReferralShown;
  return text;
}

/** POST /register — resolves on success; otherwise rejects with the text the page shows. */
export async function registerPlayer(request: RegisterRequest): Promise<void> {
  let text: string | null;
  try {
    const { data } = await apiClient.post('/register', request);
    text = serverText(data);
  } catch (error) {
    const failure = error instanceof ApiError ? error : null;
    throw new ApiError(registerFailureText(failure?.serverText ?? null), failure?.kind ?? 'network', failure?.status ?? null);
  }
  if (text !== REGISTER_TEXTS.success) throw new ApiError(registerFailureText(text), 'http');
}
