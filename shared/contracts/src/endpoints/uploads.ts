// The proof-image upload (Cloudinary's unsigned-upload form contract). The runtime config names
// the host: the player API's own upload by default (a player's token, the proof stays theirs), or
// an outside image host, which gets no token. Defined here like every other call.
import { z } from 'zod/mini';
import { ImageUploadResponseSchema, STORED_UPLOAD_NAME } from '../contracts/members';
import { FileResponseSchema, defineEndpoint } from './define';

export const uploadsEndpoints = {
  /**
   * A multipart form — `file`, `upload_preset`, `cloud_name` — not a JSON body, so it has no
   * body schema; the browser posts it to the runtime config's `imageUpload.url` and reads
   * `secure_url`. The player API's upload is a player's own (daily quota, owner-only serving).
   */
  proofImage: defineEndpoint({
    method: 'POST',
    path: '/image/upload',
    auth: 'player',
    summary: 'Proof image upload to the image host (document 1, section 7)',
    response: ImageUploadResponseSchema,
  }),
  /**
   * A proof the player API stored (`secure_url` of its own upload): served to its owner and to
   * operators only, never cached, so the site fetches it with the token (an `<img src>` cannot
   * send one). Someone else's proof is as unknown as a missing one: 404.
   */
  proofFile: defineEndpoint({
    method: 'GET',
    path: '/uploads/:name',
    auth: 'signed-in',
    summary: "A deposit's proof image, to its owner and operators (ours: the image host stand-in)",
    params: z.object({ name: z.string().check(z.regex(STORED_UPLOAD_NAME)) }),
    response: FileResponseSchema,
    file: true,
  }),
};
