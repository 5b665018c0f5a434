// Test helpers for the members-area features: players of their own, funded through the ledger.
import { DEMO_OPERATOR } from '../features/seed/seed';
import { moneyChange } from '../db/money';
import { PLAYER_ROLE, createUser, userByUsername } from '../db/users';
import { hashPassword } from '../lib/passwords';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test-app';
import { toCentavos } from '@suwerte/money';
import { appendEntry } from '../features/ledger/ledger';

export interface TestPlayer {
  id: string;
  username: string;
  headers: { authorization: string };
}

let counter = 0;

/** Credits `pesos` to the player through one ledger entry (a money change). */
export async function fund(t: TestApp, userId: string, pesos: number): Promise<void> {
  await moneyChange(t.store, (q) => appendEntry(q, { userId, amountCentavos: toCentavos(pesos), kind: 'deposit', description: 'Test funds', at: t.clock.now() }));
}

/** A new player (role 420) with `pesos` credited through one ledger entry, signed in. */
export async function newPlayer(t: TestApp, pesos = 0, prefix = 'member'): Promise<TestPlayer> {
  counter += 1;
  const username = `${prefix}${counter}`;
  const passwordHash = await hashPassword('secret123');
  const { id } = await createUser(t.store.db, { username, passwordHash, role: PLAYER_ROLE, now: t.clock.now() });
  if (pesos > 0) await fund(t, id, pesos);
  return { id, username, headers: bearer(await t.login(username, 'secret123')) };
}

/**
 * A test file's app and player: before each test (or once, `per: 'file'`) a new app and a new
 * player holding `pesos` (named `prefix` and a number), handed to `use` (which keeps them, and may
 * prepare more); the app is closed after.
 */
export function appWithPlayer(
  { pesos, per = 'test', prefix }: { pesos: number; per?: 'test' | 'file'; prefix?: string },
  use: (t: TestApp, player: TestPlayer) => void | Promise<void>,
): void {
  let app: TestApp | undefined;
  (per === 'test' ? beforeEach : beforeAll)(async () => {
    app = await createTestApp();
    await use(app, await newPlayer(app, pesos, prefix));
  });
  (per === 'test' ? afterEach : afterAll)(() => app?.close());
}

/** The password of `registeredPlayer`s: registration refuses common ones (docs/decisions/147). */
export const REGISTERED_PASSWORD = 'Karera-Uno-2026';

/**
 * A player registered through `POST /register` (as the site does) with `pesos` credited through
 * one ledger entry, signed in.
 */
export async function registeredPlayer(t: TestApp, username: string, pesos = 0): Promise<TestPlayer & { token: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/register',
    payload: { username, password: REGISTERED_PASSWORD, referral: 'SUWERTE', email: `${username}@example.com`, contactnumber: '09170000000' },
  });
  if (response.statusCode !== 201) throw new Error(`register ${username}: ${response.statusCode} ${response.body}`);
  const user = await userByUsername(t.store.db, username);
  if (!user) throw new Error(`${username} missing`);
  if (pesos > 0) await fund(t, user.id, pesos);
  const token = await t.login(username, REGISTERED_PASSWORD);
  return { id: user.id, username, token, headers: bearer(token) };
}

/** The seeded operator account's headers. */
export async function operatorHeaders(t: TestApp): Promise<{ authorization: string }> {
  return bearer(await t.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password));
}

/** A tiny valid PNG (1×1), and the first bytes of the other accepted formats. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body as a browser would send it. */
export function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----suwerte${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
