import { mkdirSync, mkdtempSync } from 'node:fs';
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

/** Stored file names: a record id and a known extension, nothing a client can steer elsewhere. */
export const STORED_NAME = /^[0-9a-f]{24}\.(png|jpg|webp)$/;

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
