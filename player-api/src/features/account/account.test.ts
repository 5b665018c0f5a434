import { z } from 'zod';
import { AccountSchema, MESSAGES, MessageResponseSchema, TOKEN_ERROR_TEXT, UpdatePasswordResponseSchema, atLeast, atMost } from '@suwerte/contracts';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../seed/seed';
import { userByUsername } from '../../db/users';
import { readBalance } from '../ledger/ledger';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from '../../testing/test-app';

let t: TestApp;
let demoToken: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  demoToken = await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
  demoId = (await userByUsername(t.store.db, DEMO_PLAYER.username))?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const getAccount = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/account/', headers });

async function registerAndLogin(username: string, password = 'Karera-Uno-2026'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/register',
    payload: { username, password, referral: 'SUWERTE', email: `${username}@example.com`, contactnumber: '09170000000' },
  });
  expect(response.statusCode).toBe(201);
  return t.login(username, password);
}

describe('GET /account/', () => {
  it('answers the account in the contract shape, balance in pesos', async () => {
    const response = await getAccount(bearer(demoToken));
    expect(response.statusCode).toBe(200);
    const account = z.strictObject(AccountSchema.shape).parse(response.json());
    expect(account).toEqual({
      _id: demoId,
      username: 'demoplayer',
      name: 'Juan Dela Cruz',
      createdAt: expect.any(String),
      // ₱5,000.00 opening balance plus the demo week (features/demo-activity), from the ledger.
      balance: (await readBalance(t.store.db, demoId)) / 100,
      fullname: 'Juan Dela Cruz',
      contactnumber: '09171234567',
      email: 'juan@example.com',
    });
    expect(account._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(account.createdAt).toISOString()).toBe(account.createdAt);
  });

  it('also answers at /account (no trailing slash)', async () => {
    const response = await t.app.inject({ url: '/account', headers: bearer(demoToken) });
    expect(response.statusCode).toBe(200);
  });

  const unauthorized = { message: TOKEN_ERROR_TEXT };

  it('answers 401 ERROR VERIFYING TOKEN without a token', async () => {
    const response = await getAccount();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it.each([
    ['garbage', 'Bearer not-a-token'],
    ['three garbage parts', 'Bearer aaa.bbb.ccc'],
    ['empty bearer', 'Bearer '],
    ['another scheme', 'Basic ZGVtbzpwYXNz'],
    ['a token without the scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
  ])('answers 401 ERROR VERIFYING TOKEN for %s', async (_label, authorization) => {
    const response = await getAccount({ authorization });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ UserInfo: { username: 'demoplayer', role: 420 } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(demoId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-entirely-123456'));
    const response = await getAccount(bearer(forged));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('answers 401 for an unsigned (alg none) token', async () => {
    const unsigned = new UnsecuredJWT({ UserInfo: { username: 'demoplayer', role: 420 } }).setSubject(demoId).setExpirationTime('1h').encode();
    const response = await getAccount(bearer(unsigned));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('answers 401 for a correctly signed token without the UserInfo claims', async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(demoId).setExpirationTime('1h').sign(new TextEncoder().encode(TEST_SECRET));
    const response = await getAccount(bearer(token));
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 once the token has expired (injected clock)', async () => {
    const token = await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const start = t.clock.now();
    try {
      t.clock.advanceSeconds(t.tokenTtlSeconds - 1);
      expect((await getAccount(bearer(token))).statusCode).toBe(200);
      t.clock.advanceSeconds(2);
      const response = await getAccount(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unauthorized);
    } finally {
      t.clock.set(start);
    }
  });

  it('answers 401 when the token belongs to a user who no longer exists', async () => {
    const token = await registerAndLogin('deleteme1');
    await t.store.db.deleteFrom('users').where('username', '=', 'deleteme1').execute();
    const response = await getAccount(bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });
});

describe('PUT /account/update (password)', () => {
  it('changes the password; the new one logs in, the old one does not; the caller goes on with the new token', async () => {
    const token = await registerAndLogin('changepw1', 'oldpassword1');
    const account = AccountSchema.parse((await getAccount(bearer(token))).json());
    const response = await t.app.inject({
      method: 'PUT',
      url: '/account/update',
      headers: bearer(token),
      payload: { id: account._id, username: account.username, password: 'newpassword1' },
    });
    expect(response.statusCode).toBe(200);
    const answer = z.strictObject(UpdatePasswordResponseSchema.shape).parse(response.json());
    expect(answer.message).toBe('Password updated');

    await expect(t.login('changepw1', 'newpassword1')).resolves.toBeTypeOf('string');
    const old = await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: 'changepw1', password: 'oldpassword1' } });
    expect(old.statusCode).toBe(401);
    expect((await getAccount(bearer(answer.accesstoken))).statusCode).toBe(200);
    expect((await getAccount(bearer(token))).statusCode).toBe(401);
  });

  it("refuses to change someone else's password (403)", async () => {
    const token = await registerAndLogin('attacker1');
    const attempts = [
      { id: demoId, username: 'demoplayer', password: 'hacked12345' },
      { id: demoId, username: 'attacker1', password: 'hacked12345' },
      { id: (await userByUsername(t.store.db, 'attacker1'))?.id, username: 'demoplayer', password: 'hacked12345' },
    ];
    for (const payload of attempts) {
      const response = await t.app.inject({ method: 'PUT', url: '/account/update', headers: bearer(token), payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You can only change your own password' });
    }
    await expect(t.login(DEMO_PLAYER.username, DEMO_PLAYER.password)).resolves.toBeTypeOf('string');
  });

  it('requires a token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/account/update', payload: { id: demoId, username: 'demoplayer', password: 'whatever12' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: TOKEN_ERROR_TEXT });
  });

  it.each([
    ['short', atLeast(8)],
    ['x'.repeat(17), atMost(16)],
    ['', MESSAGES.passwordRequired],
  ])('validates the new password %j → "%s"', async (password, message) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/account/update',
      headers: bearer(demoToken),
      payload: { id: demoId, username: 'demoplayer', password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field: 'password' });
  });

  it('answers 400 naming the field when id is missing', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/account/update', headers: bearer(demoToken), payload: { username: 'demoplayer', password: 'newpassword1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});

describe('PUT /account/update/profile', () => {
  it('updates fullname, email and contact number', async () => {
    const token = await registerAndLogin('profile01');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/account/update/profile',
      headers: bearer(token),
      payload: { fullname: '  Maria Clara  ', email: ' maria@example.com ', contactnumber: '0917-123 4567' },
    });
    expect(response.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(response.json())).toEqual({ message: 'Profile updated' });
    const account = AccountSchema.parse((await getAccount(bearer(token))).json());
    expect(account).toMatchObject({ fullname: 'Maria Clara', name: 'Maria Clara', email: 'maria@example.com', contactnumber: '09171234567' });
  });

  const valid = { fullname: 'Juan Dela Cruz', email: 'juan@example.com', contactnumber: '09171234567' };
  it.each([
    ['fullname', '', MESSAGES.fullnameRequired],
    ['fullname', '   ', MESSAGES.fullnameRequired],
    ['fullname', undefined, MESSAGES.fullnameRequired],
    ['email', '', MESSAGES.emailRequired],
    ['email', undefined, MESSAGES.emailRequired],
    ['email', 'not-an-email', MESSAGES.emailInvalid],
    ['contactnumber', '', MESSAGES.contactRequired],
    ['contactnumber', undefined, MESSAGES.contactRequired],
    ['contactnumber', 'abc', MESSAGES.contactDigits],
  ])('answers 400 for %s = %j with "%s"', async (field, value, message) => {
    const payload: Record<string, unknown> = { ...valid };
    if (value === undefined) delete payload[field];
    else payload[field] = value;
    const response = await t.app.inject({ method: 'PUT', url: '/account/update/profile', headers: bearer(demoToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
  });

  it('requires a token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/account/update/profile', payload: valid });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: TOKEN_ERROR_TEXT });
  });
});
