import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DB } from '../../db/database';

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

/** Tables of the uploads feature (versioned per feature; append, never edit a shipped entry). */
export const UPLOADS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE uploads (
    name       TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id),
    bytes      INTEGER NOT NULL CHECK (bytes > 0),
    created_at TEXT NOT NULL,
    -- The deposit whose proof it is; one proof backs one deposit.
    deposit_id TEXT UNIQUE
  ) STRICT;
  CREATE INDEX uploads_by_user ON uploads (user_id, created_at);
  CREATE INDEX uploads_unclaimed ON uploads (created_at) WHERE deposit_id IS NULL;

  -- Proofs of deposits made before uploads had owners: each belongs to its deposit's player.
  INSERT OR IGNORE INTO uploads (name, user_id, bytes, created_at, deposit_id)
  SELECT substr(image_link, instr(image_link, '/uploads/') + 9), user_id, 1, created_at, id
  FROM deposits WHERE image_link LIKE '%/uploads/%';
  `,
];

export interface UploadRow {
  name: string;
  user_id: string;
  bytes: number;
  created_at: string;
  deposit_id: string | null;
}

const memoryDirs = new WeakMap<DB, string>();

/**
 * Where uploaded images live: `uploads/` beside the SQLite file, so one data folder holds
 * everything of a deployment (and a fresh test database gets a fresh folder). An in-memory
 * database gets a temporary folder of its own.
 */
export function uploadsDir(db: DB): string {
  const file = db.name;
  let dir: string;
  if (file === ':memory:' || file === '' || file.startsWith('file:')) {
    dir = memoryDirs.get(db) ?? mkdtempSync(join(tmpdir(), 'suwerte-uploads-'));
    memoryDirs.set(db, dir);
  } else {
    dir = join(dirname(resolve(file)), 'uploads');
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return IMAGE_FORMATS.find((format) => format.extension === extension)?.contentType ?? 'application/octet-stream';
}

export function findUpload(db: DB, name: string): UploadRow | null {
  return db.prepare<[string], UploadRow>('SELECT * FROM uploads WHERE name = ?').get(name) ?? null;
}

/** What `userId` uploaded in the 24 hours before `now`. */
export function uploadedToday(db: DB, userId: string, now: Date): { files: number; bytes: number } {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const row = db
    .prepare<[string, string], { files: number; bytes: number | null }>('SELECT COUNT(*) AS files, SUM(bytes) AS bytes FROM uploads WHERE user_id = ? AND created_at > ?')
    .get(userId, since);
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/** Writes an image's file under a new random name (its row comes next: recordUpload). */
export async function writeUploadFile(db: DB, bytes: Buffer, format: ImageFormat): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${format.extension}`;
  await writeFile(join(uploadsDir(db), name), bytes, { flag: 'wx' });
  return name;
}

/** Records a written file as `userId`'s upload (synchronous: it may join a caller's transaction). */
export function recordUpload(db: DB, upload: { name: string; userId: string; bytes: number; now: Date }): UploadRow {
  db.prepare('INSERT INTO uploads (name, user_id, bytes, created_at) VALUES (?, ?, ?, ?)').run(upload.name, upload.userId, upload.bytes, upload.now.toISOString());
  const row = findUpload(db, upload.name);
  if (!row) throw new Error('stored upload not found');
  return row;
}

/** Stores an image for `userId` under a new random name: the file first, then its row. */
export async function saveUpload(db: DB, upload: { userId: string; bytes: Buffer; format: ImageFormat; now: Date }): Promise<UploadRow> {
  const name = await writeUploadFile(db, upload.bytes, upload.format);
  return recordUpload(db, { name, userId: upload.userId, bytes: upload.bytes.length, now: upload.now });
}


/**
 * Marks the upload as `depositId`'s proof. Only an upload of that player that backs no other
 * deposit can be claimed; returns whether it was. Call inside the deposit's transaction.
 */
export function claimUpload(db: DB, claim: { name: string; userId: string; depositId: string }): boolean {
  return (
    db.prepare('UPDATE uploads SET deposit_id = ? WHERE name = ? AND user_id = ? AND deposit_id IS NULL').run(claim.depositId, claim.name, claim.userId).changes === 1
  );
}

/** Removes uploads no deposit claimed within ORPHAN_AFTER_MS, files and rows. Returns how many. */
export async function removeOrphanUploads(db: DB, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS).toISOString();
  const orphans = db.prepare<[string], { name: string }>('SELECT name FROM uploads WHERE deposit_id IS NULL AND created_at < ?').all(cutoff);
  const dir = uploadsDir(db);
  let removed = 0;
  for (const { name } of orphans) {
    // The row goes first: a deposit claiming the proof at this moment then finds nothing to claim.
    if (db.prepare('DELETE FROM uploads WHERE name = ? AND deposit_id IS NULL').run(name).changes === 0) continue;
    await rm(join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}
