// The proof-image upload: a multipart form to the image host named in the runtime config.
import { whenRuntimeConfig } from '../config/runtime-config';
import { uploadsEndpoints } from '../endpoints/uploads';
import { ApiError, parseResponse, serverText } from './errors';

/**
 * POST (external image host) form `file`, `upload_preset`, `cloud_name` → `secure_url`.
 * Not the player API: no bearer header, its own URL from the runtime config.
 */
export async function uploadProofImage(file: Blob, fileName = 'proof'): Promise<string> {
  const { imageUpload } = await whenRuntimeConfig();
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('upload_preset', imageUpload.uploadPreset);
  form.append('cloud_name', imageUpload.cloudName);
  let response: Response;
  try {
    response = await fetch(imageUpload.url, { method: 'POST', body: form });
  } catch {
    throw new ApiError('Network error: the image host could not be reached.', 'network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const text = serverText(body);
    throw new ApiError(text ?? `Image upload failed (HTTP ${response.status}).`, 'http', response.status, text);
  }
  return parseResponse(uploadsEndpoints.proofImage.response, body, 'POST image upload').secure_url;
}
