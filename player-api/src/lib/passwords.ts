import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from './errors';

/**
 * Password hashing with node's scrypt, a random 16-byte salt per password, stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>` so parameters can be raised later.
 */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * scrypt is deliberately slow (tens of milliseconds of a core, 16 MB each). Run freely, a flood of
 * sign-ins would queue unseen in libuv's thread pool behind each other and behind every other
 * file and DNS task, and a real sign-in would wait for all of them. So at most `running` hashes
 * run at once (one per core), at most `waiting` wait their turn, and anything beyond is refused
 * at once with 503: the wait of an admitted sign-in stays bounded (about waiting ÷ running ×
 * one hash), whatever arrives.
 *
 * A free slot goes first to sign-ins of accounts with no recent failures (a player signing in),
 * then to accounts under attack (recent wrong passwords: a guessing attack waits behind the
 * player), then to unknown usernames (a spraying attack's usual case). The last wait in a short
 * line and, when it is full, are answered at once without the timing-equaliser hash
 * (registration already tells which names exist, so the hash hides nothing a flood could not
 * learn anyway).
 */
export const SCRYPT_QUEUE = { running: 2, waiting: 16, waitingSuspect: 8, waitingUnknown: 4 } as const;
export const PASSWORD_BUSY_TEXT = 'Too many sign-ins at this moment. Please try again in a few seconds.';

/** Whose hash it is: a clean account's (or a new password's), an account under attack, or an unknown name. */
export type HashLane = 'account' | 'suspect' | 'unknown';
type Lane = HashLane;

let running = 0;
const lines: Record<Lane, (() => void)[]> = { account: [], suspect: [], unknown: [] };
const capacity: Record<Lane, number> = { account: SCRYPT_QUEUE.waiting, suspect: SCRYPT_QUEUE.waitingSuspect, unknown: SCRYPT_QUEUE.waitingUnknown };

class QueueFull extends Error {}

async function inTurn<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
  if (running >= SCRYPT_QUEUE.running) {
    const line = lines[lane];
    if (line.length >= capacity[lane]) throw new QueueFull();
    await new Promise<void>((resolve) => line.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, in lane order (the count stays), or is freed.
    const next = lines.account.shift() ?? lines.suspect.shift() ?? lines.unknown.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes run and wait right now (for tests and the benchmark). */
export function passwordQueueLength(): { running: number; waiting: number } {
  return { running, waiting: lines.account.length + lines.suspect.length + lines.unknown.length };
}

async function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number, lane: Lane = 'account'): Promise<Buffer> {
  try {
    return await inTurn(lane, () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => {
          if (error) reject(error);
          else resolve(key);
        });
      }),
    );
  } catch (error) {
    // An account's sign-in (or a new password) is refused with 503; an unknown name's equaliser is skipped by its caller.
    if (error instanceof QueueFull) throw lane === 'unknown' ? error : new HttpError(503, PASSWORD_BUSY_TEXT);
    throw error;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string, lane: Lane = 'account'): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const salt = Buffer.from(saltText, 'base64');
  const expected = Buffer.from(hashText, 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, options, expected.length, lane);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check, for logins of unknown users, so response timing does
 * not tell which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  try {
    await verifyPassword(password, await dummyHash, 'unknown');
  } catch (error) {
    // Its line is full (a flood of unknown names): answer now rather than hold up real sign-ins.
    if (!(error instanceof QueueFull)) throw error;
  }
  return false;
}
