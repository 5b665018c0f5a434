import multipart from '@fastify/multipart';
import { MEMBERS_TEXTS, PROOF_IMAGE_MAX_BYTES, type ImageUploadResponse } from '@suwerte/shared/contracts';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Feature } from '../../context';
import { HttpError, NOT_FOUND_TEXT } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { STORED_NAME, contentTypeOf, detectImageFormat, uploadsDir } from './storage';

export const UPLOAD_TEXTS = {
  notMultipart: 'Send the image as a multipart form with file, upload_preset and cloud_name',
  presetRequired: 'upload_preset and cloud_name are required',
} as const;

/** Only these form fields are read; anything else is ignored. */
const FIELD_NAMES = new Set(['upload_preset', 'cloud_name']);

/**
 * The stand-in for the external image host the deposit page uploads proofs to (Cloudinary's
 * unsigned-upload form contract: `file`, `upload_preset`, `cloud_name` → `secure_url`). Images are
 * checked by their bytes (PNG, JPEG or WebP, at most 5 MB), stored beside the database and
 * served back from here, so the site needs no outside service.
 */
export const uploadsFeature: Feature = {
  name: 'uploads',
  async register(app, ctx) {
    const dir = uploadsDir(ctx.db);
    await app.register(multipart, {
      limits: { fileSize: PROOF_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 256, parts: 12 },
    });

    app.post('/image/upload', async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_TEXTS.notMultipart);
      let bytes: Buffer | null = null;
      const fields = new Map<string, string>();
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const content = await part.toBuffer();
            if (part.fieldname === 'file') bytes = content;
          } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
            fields.set(part.fieldname, part.value.trim());
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, MEMBERS_TEXTS.proofSize);
        if (error instanceof app.multipartErrors.FilesLimitError) throw new HttpError(400, 'Send one image at a time');
        throw error;
      }
      if (!bytes || bytes.length === 0) throw new HttpError(400, MEMBERS_TEXTS.fileRequired);
      if (!fields.get('upload_preset') || !fields.get('cloud_name')) throw new HttpError(400, UPLOAD_TEXTS.presetRequired);
      const format = detectImageFormat(bytes);
      if (!format) throw new HttpError(415, MEMBERS_TEXTS.proofType);

      const publicId = newId();
      const name = `${publicId}.${format.extension}`;
      await writeFile(join(dir, name), bytes, { flag: 'wx' });
      const response: ImageUploadResponse = {
        secure_url: `${ctx.publicUrl}/uploads/${name}`,
        public_id: publicId,
        format: format.format,
        bytes: bytes.length,
      };
      return response;
    });

    app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const { name } = request.params;
      if (!STORED_NAME.test(name)) throw new HttpError(404, NOT_FOUND_TEXT);
      const content = await readFile(join(dir, name)).catch(() => null);
      if (!content) throw new HttpError(404, NOT_FOUND_TEXT);
      return reply
        .header('Content-Type', contentTypeOf(name))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        // The site's pages (another origin) show these images.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(content);
    });
  },
};
