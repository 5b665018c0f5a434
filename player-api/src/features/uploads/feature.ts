import multipart from '@fastify/multipart';
import { MEMBERS_TEXTS, PROOF_IMAGE_MAX_BYTES, uploadsEndpoints } from '@suwerte/contracts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Feature } from '../../context';
import { OPERATOR_ROLE } from '../../db/users';
import { registerEndpoint, registerFileEndpoint } from '../../lib/endpoints';
import { HttpError, NOT_FOUND_TEXT } from '../../lib/errors';
import type { onRequestAsyncHookHandler } from 'fastify';
import { attemptCounters, countedOrRefused } from '../../lib/attempts';
import { UPLOAD_QUOTA, UploadQuotaError, contentTypeOf, detectImageFormat, findUpload, removeOrphanUploads, saveUpload, uploadedToday, uploadsDir } from './storage';
import { UPLOADS_SCHEMA } from './schema';

export const UPLOAD_TEXTS = {
  notMultipart: 'Send the image as a multipart form with file, upload_preset and cloud_name',
  presetRequired: 'upload_preset and cloud_name are required',
  malformed: 'The upload is not a well-formed multipart form',
  quota: `Upload limit reached: at most ${UPLOAD_QUOTA.files} images and ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB a day`,
  tooMany: 'Too many uploads from your network. Please try again later.',
  unavailable: 'Uploads are unavailable for a moment. Please try again in a minute.',
} as const;

/** The window of the per-address upload counter. */
const UPLOADS_WINDOW_MS = 60 * 60_000;

/** Only these form fields are read; anything else is ignored. */
const FIELD_NAMES = new Set(['upload_preset', 'cloud_name']);

/**
 * The stand-in for the external image host the deposit page uploads proofs to (Cloudinary's
 * unsigned-upload form contract: `file`, `upload_preset`, `cloud_name` → `secure_url`), made a
 * player's own: an upload needs a player's token and counts against their daily quota; images are
 * checked by their bytes (PNG, JPEG or WebP, at most 5 MB), stored beside the database under
 * 128-bit random names, and served back only to their owner and to operators, never cached.
 * Uploads no deposit claims within a day are removed.
 */
export const uploadsFeature: Feature = {
  name: 'uploads',
  ...UPLOADS_SCHEMA,
  async register(app, ctx) {
    const dir = uploadsDir(ctx.store);
    await app.register(multipart, {
      limits: { fileSize: PROOF_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 256, parts: 12 },
    });
    app.addHook('onReady', async () => {
      await removeOrphanUploads(ctx.store, ctx.now());
    });

    // Per address, whoever signs in there (docs/decisions/145): accounts made for the purpose
    // cannot each fill a quota from one place.
    const counters = attemptCounters(ctx.cluster.sharedCounters(), ctx.now);
    const perAddress: onRequestAsyncHookHandler = async (request, reply) => {
      const key = `upload:ip:${request.ip}`;
      const [tries] = await countedOrRefused(request, counters.read([key]), UPLOAD_TEXTS.unavailable);
      if (tries && tries.count >= ctx.uploadsPerIp) {
        void reply.header('Retry-After', String(tries.retryAfterSeconds));
        throw new HttpError(429, UPLOAD_TEXTS.tooMany);
      }
      await countedOrRefused(request, counters.add([key], UPLOADS_WINDOW_MS), UPLOAD_TEXTS.unavailable);
    };

    // A multipart form, read here part by part (the endpoint has no JSON body schema).
    registerEndpoint(app, ctx, uploadsEndpoints.proofImage, async ({ request, user }) => {
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_TEXTS.notMultipart);
      const now = ctx.now();
      await removeOrphanUploads(ctx.store, now);
      if ((await uploadedToday(ctx.store.db, user.id, now)).files >= UPLOAD_QUOTA.files) throw new HttpError(429, UPLOAD_TEXTS.quota);
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
        // Anything else while reading the parts is the body's fault (a missing boundary, a cut-off part…).
        throw new HttpError(400, UPLOAD_TEXTS.malformed);
      }
      if (!bytes || bytes.length === 0) throw new HttpError(400, MEMBERS_TEXTS.fileRequired);
      if (!fields.get('upload_preset') || !fields.get('cloud_name')) throw new HttpError(400, UPLOAD_TEXTS.presetRequired);
      const format = detectImageFormat(bytes);
      if (!format) throw new HttpError(415, MEMBERS_TEXTS.proofType);
      // Checked again, and the upload's room reserved, in one transaction (saveUpload): concurrent uploads cannot add up past it.
      const stored = await saveUpload(ctx.store, { userId: user.id, bytes, format, now }).catch((error: unknown) => {
        throw error instanceof UploadQuotaError ? new HttpError(429, UPLOAD_TEXTS.quota) : error;
      });
      return {
        secure_url: `${ctx.publicUrl}/uploads/${stored.name}`,
        public_id: stored.name.slice(0, stored.name.indexOf('.')),
        format: format.format,
        bytes: bytes.length,
      };
    }, { onRequest: perAddress });

    registerFileEndpoint(app, ctx, uploadsEndpoints.proofFile, async ({ params, user }) => {
      const upload = await findUpload(ctx.store.db, params.name);
      // Someone else's proof is as unknown as a missing one: its existence is not told either.
      if (!upload || (upload.user_id !== user.id && user.role !== OPERATOR_ROLE)) throw new HttpError(404, NOT_FOUND_TEXT);
      const content = await readFile(join(dir, params.name)).catch(() => null);
      if (!content) throw new HttpError(404, NOT_FOUND_TEXT);
      return {
        body: content,
        contentType: contentTypeOf(params.name),
        // Read with a token (fetch, CORS) only; no cache keeps it, no other site may embed it.
        headers: { 'cache-control': 'private, no-store', 'cross-origin-resource-policy': 'same-origin' },
      };
    });
  },
};
