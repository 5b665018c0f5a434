import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../../config/env';
import { sql } from 'kysely';
import { transaction } from '../../db/money';
import { forUpdate, type Store } from '../../db/store';
import type { Q } from '../../db/tables';

/** The image types a proof may be, recognised by their first bytes (never by the name or the browser's word). */
export const IMAGE_FORMATS = [
  { format: 'png', extension: 'png', contentType: 'image/png', matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: 'jpg', extension: 'jpg', contentType: 'image/jpeg', matches: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    format: 'webp',
    extension: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  return IMAGE_FORMATS.find((format) => format.matches(bytes)) ?? null;
}


/** How much one player may upload in 24 hours: a proof or two per deposit is a handful a day. */
export const UPLOAD_QUOTA = { files: 20, bytes: 25 * 1024 * 1024 } as const;
/** An upload no deposit has claimed after this long is removed (with its file). */
export const ORPHAN_AFTER_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface UploadRow {
  name: string;
  user_id: string;
  bytes: number;
  created_at: string;
  deposit_id: string | null;
}

declare module '../../db/tables' {
  interface Tables {
    uploads: UploadRow;
  }
}

const memoryDirs = new WeakMap<object, string>();

/**
 * Where uploaded images live: `uploads/` beside the SQLite file, so one data folder holds
 * everything of a deployment (and a fresh test database gets a fresh folder). An in-memory
 * database gets a temporary folder of its own. On PostgreSQL: UPLOADS_DIR, else the package's
 * `.data/uploads` (the default data folder).
 */
export function uploadsDir(store: Store): string {
  const handle = store.sqlite;
  let dir: string;
  if (!handle) {
    dir = process.env.UPLOADS_DIR?.trim() ? resolve(process.env.UPLOADS_DIR.trim()) : join(packageRoot(), '.data', 'uploads');
  } else if (handle.name === ':memory:' || handle.name === '' || handle.name.startsWith('file:')) {
    dir = memoryDirs.get(handle) ?? mkdtempSync(join(tmpdir(), 'suwerte-uploads-'));
    memoryDirs.set(handle, dir);
  } else {
    dir = join(dirname(resolve(handle.name)), 'uploads');
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return IMAGE_FORMATS.find((format) => format.extension === extension)?.contentType ?? 'application/octet-stream';
}

export async function findUpload(q: Q, name: string): Promise<UploadRow | null> {
  return (await q.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst()) ?? null;
}

/** What `userId` uploaded in the 24 hours before `now`. */
export async function uploadedToday(q: Q, userId: string, now: Date): Promise<{ files: number; bytes: number }> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const row = await q
    .selectFrom('uploads')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number | null>('bytes').as('bytes')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Writes an image's file under a new random name in `dir` (uploadsDir; its row comes next: recordUpload). */
export async function writeUploadFile(dir: string, bytes: Buffer, format: ImageFormat): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${format.extension}`;
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** Records a written file as `userId`'s upload (on `q`: it may join a caller's transaction). */
export async function recordUpload(q: Q, upload: { name: string; userId: string; bytes: number; now: Date }): Promise<UploadRow> {
  return q
    .insertInto('uploads')
    .values({ name: upload.name, user_id: upload.userId, bytes: upload.bytes, created_at: upload.now.toISOString(), deposit_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The player's daily quota is used up (UPLOAD_QUOTA): nothing was stored. */
export class UploadQuotaError extends Error {
  override name = 'UploadQuotaError';
}

/**
 * Stores an image for `userId` under a new random name (docs/decisions/145): its row first — the
 * quota checked and the row inserted in one transaction with the player's row locked, so
 * concurrent uploads of one player can never add up past the quota, on either engine — then the
 * file (the row goes again if the file cannot be written). Throws UploadQuotaError when the quota
 * has no room for it.
 */
export async function saveUpload(store: Store, upload: { userId: string; bytes: Buffer; format: ImageFormat; now: Date }): Promise<UploadRow> {
  const name = `${randomBytes(16).toString('hex')}.${upload.format.extension}`;
  const row = await transaction(store, async (q) => {
    await sql`SELECT id FROM users WHERE id = ${upload.userId}${forUpdate(q)}`.execute(q);
    const used = await uploadedToday(q, upload.userId, upload.now);
    if (used.files >= UPLOAD_QUOTA.files || used.bytes + upload.bytes.length > UPLOAD_QUOTA.bytes) throw new UploadQuotaError(`${upload.userId}: daily upload quota`);
    return recordUpload(q, { name, userId: upload.userId, bytes: upload.bytes.length, now: upload.now });
  });
  try {
    await writeFile(join(uploadsDir(store), name), upload.bytes, { flag: 'wx' });
  } catch (error) {
    await store.db.deleteFrom('uploads').where('name', '=', name).execute();
    throw error;
  }
  return row;
}

/**
 * Marks the upload as `depositId`'s proof. Only an upload of that player that backs no other
 * deposit can be claimed; returns whether it was. Call inside the deposit's transaction.
 */
export async function claimUpload(q: Q, claim: { name: string; userId: string; depositId: string }): Promise<boolean> {
  const result = await q
    .updateTable('uploads')
    .set({ deposit_id: claim.depositId })
    .where('name', '=', claim.name)
    .where('user_id', '=', claim.userId)
    .where('deposit_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes uploads no deposit claimed within ORPHAN_AFTER_MS, files and rows. Returns how many. */
export async function removeOrphanUploads(store: Store, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS).toISOString();
  const orphans = await store.db.selectFrom('uploads').select('name').where('deposit_id', 'is', null).where('created_at', '<', cutoff).execute();
  const dir = uploadsDir(store);
  let removed = 0;
  for (const { name } of orphans) {
    // The row goes first: a deposit claiming the proof at this moment then finds nothing to claim.
    const deleted = await store.db.deleteFrom('uploads').where('name', '=', name).where('deposit_id', 'is', null).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) continue;
    await rm(join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}
