import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MIN_JWT_SECRET_LENGTH } from './env';

/** The file beside the database that keeps demo mode's signing secret. */
export const DEMO_SECRET_FILE = 'jwt-secret';

/**
 * Demo mode's signing secret: random, made once per data folder and kept there (readable by its
 * owner only), so sessions survive a restart and no two folders — and no copy of the source —
 * share a secret. An in-memory database gets a new secret per process.
 */
export function demoSecretFor(databasePath: string): string {
  if (databasePath === ':memory:' || databasePath === '') return randomBytes(32).toString('hex');
  const folder = dirname(databasePath);
  const file = join(folder, DEMO_SECRET_FILE);
  mkdirSync(folder, { recursive: true });
  // Written whole under a temporary name, then linked into place: a second process starting at
  // the same moment either wins the link or reads the first one's complete secret.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  // A folder copied with looser permissions is tightened again.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) throw new Error(`${file} holds no usable secret: delete it and a new one is made at the next start.`);
  return secret;
}
