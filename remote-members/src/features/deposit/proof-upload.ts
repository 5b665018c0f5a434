// The proof-image upload: a multipart form to the image host named in the runtime config.
import { uploadNameOf, uploadsEndpoints } from '@suwerte/contracts/members';
import { ApiError, forSiteType, getRuntimeConfig, requestEndpoint, toApiError, whenRuntimeConfig, type TransferOptions } from '@suwerte/shared';

export const IMAGE_HOST_UNREACHABLE_TEXT = 'Network error: the image host could not be reached.';

/** A proof (up to 5 MB) may take minutes on a phone's connection; the player can cancel it. */
export const PROOF_UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * POST (image host) form `file`, `upload_preset`, `cloud_name` → `secure_url`. The host is the
 * runtime config's: the player API's own upload (the default) takes the player's bearer token and
 * keeps the proof theirs; an outside host (Cloudinary's contract) gets no token (the client sends
 * it to the API's origin only). `signal` cancels it (an `ApiError` of kind 'canceled');
 * `onUploadProgress` hears the share sent.
 */
export async function uploadProofImage(file: Blob, fileName = 'proof', transfer: Pick<TransferOptions, 'signal' | 'onUploadProgress'> = {}): Promise<string> {
  const { imageUpload } = await whenRuntimeConfig();
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('upload_preset', imageUpload.uploadPreset);
  form.append('cloud_name', imageUpload.cloudName);
  try {
    const answer = await requestEndpoint(uploadsEndpoints.proofImage, { body: form }, { ...transfer, url: imageUpload.url, timeoutMs: PROOF_UPLOAD_TIMEOUT_MS });
    return answer.secure_url;
  } catch (error) {
    const failure = toApiError(error);
    if (failure.kind === 'network') throw new ApiError(IMAGE_HOST_UNREACHABLE_TEXT, 'network');
    if (failure.kind === 'http' && failure.serverText === null) throw new ApiError(`Image upload failed (HTTP ${failure.status ?? 0}).`, 'http', failure.status);
    throw failure;
  }
}

/**
 * The stored name of a proof the player API keeps (`uploadsEndpoints.proofFile`, fetched with the
 * token), or null for a link to an outside image host (public: shown by its URL as it is).
 */
export function storedProofName(link: string): string | null {
  const config = getRuntimeConfig();
  return config ? uploadNameOf(link, forSiteType(config.api)) : null;
}
