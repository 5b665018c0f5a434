import { REGISTER_TEXTS, type RegisterRequest, authEndpoints } from '@suwerte/contracts/account';
import { ApiError, callEndpoint } from '@suwerte/shared';

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
    text = (await callEndpoint(authEndpoints.register, { body: request })).message;
  } catch (error) {
    const failure = error instanceof ApiError ? error : null;
    // An answer without the expected shape counts as an empty one ('Registration failed').
    const serverText = failure?.kind === 'contract' ? null : (failure?.serverText ?? null);
    throw new ApiError(registerFailureText(serverText), failure?.kind ?? 'network', failure?.status ?? null);
  }
  if (text !== REGISTER_TEXTS.success) throw new ApiError(registerFailureText(text), 'http');
}
