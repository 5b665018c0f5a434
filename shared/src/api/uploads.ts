// The proof-image upload: a multipart form to the image host named in the runtime config.
import { forSiteType, getRuntimeConfig, whenRuntimeConfig } from '../config/runtime-config';
import { TOKEN_ERROR_TEXT } from '../contracts/errors';
import { uploadNameOf } from '../contracts/members';
import { uploadsEndpoints } from '../endpoints/uploads';
import { sessionStore } from '../store/session-store';
import { ApiError, parseResponse, serverText } from './errors';

/** Whether `url` is on the player API's own origin: the only place the player's token may be sent. */
function isPlayerApiUrl(url: string, api: string): boolean {
  return URL.canParse(url) && URL.canParse(api) && new URL(url).origin === new URL(api).origin;
}

/**
 * POST (image host) form `file`, `upload_preset`, `cloud_name` → `secure_url`. The host is the
 * runtime config's: the player API's own upload (the default) takes the player's bearer token and
 * keeps the proof theirs; an outside host (Cloudinary's contract) gets no token.
 */
export async function uploadProofImage(file: Blob, fileName = 'proof'): Promise<string> {
  const { imageUpload, api } = await whenRuntimeConfig();
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('upload_preset', imageUpload.uploadPreset);
  form.append('cloud_name', imageUpload.cloudName);
  const token = sessionStore.getState().user.token;
  const headers = token && isPlayerApiUrl(imageUpload.url, forSiteType(api)) ? { Authorization: `Bearer ${token}` } : undefined;
  let response: Response;
  try {
    response = await fetch(imageUpload.url, headers ? { method: 'POST', body: form, headers } : { method: 'POST', body: form });
  } catch {
    throw new ApiError('Network error: the image host could not be reached.', 'network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const text = serverText(body);
    // As every call to the player API: a refused token ends the session.
    if (headers && text === TOKEN_ERROR_TEXT) sessionStore.getState().logout();
    throw new ApiError(text ?? `Image upload failed (HTTP ${response.status}).`, 'http', response.status, text);
  }
  return parseResponse(uploadsEndpoints.proofImage.response, body, 'POST image upload').secure_url;
}

/**
 * The stored name of a proof the player API keeps (`uploadsEndpoints.proofFile`, fetched with the
 * token), or null for a link to an outside image host (public: shown by its URL as it is).
 */
export function storedProofName(link: string): string | null {
  const config = getRuntimeConfig();
  return config ? uploadNameOf(link, forSiteType(config.api)) : null;
}
