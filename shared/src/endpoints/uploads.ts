// The proof-image upload. In production this is the external image host (Cloudinary's unsigned
// upload form contract), not the player API; the player API's stand-in implements the same
// contract, so it is defined here like every other call.
import { ImageUploadResponseSchema } from '../contracts/members';
import { defineEndpoint } from './define';

export const uploadsEndpoints = {
  /**
   * A multipart form — `file`, `upload_preset`, `cloud_name` — not a JSON body, so it has no
   * body schema; the browser posts it to the runtime config's `imageUpload.url` and reads
   * `secure_url`.
   */
  proofImage: defineEndpoint({
    method: 'POST',
    path: '/image/upload',
    auth: 'public',
    summary: 'Proof image upload to the image host (document 1, section 7)',
    response: ImageUploadResponseSchema,
  }),
};
