import { randomBytes } from 'node:crypto';

const processRandom = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * A 24-hex, Mongo-ObjectId-style identifier: 4 bytes of seconds since epoch, 5 random bytes
 * fixed per process, 3 bytes of an incrementing counter. Sortable by creation second, unique
 * within and across processes.
 */
export function newId(now: Date = new Date()): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processRandom.copy(bytes, 4);
  counter = (counter + 1) % 0x1000000;
  bytes.writeUIntBE(counter, 9, 3);
  return bytes.toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
