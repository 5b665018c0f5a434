import { AccessTokenClaimsSchema, AccountSchema, HIDDEN_CHARACTERS_TEXT } from '@suwerte/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../features/seed/seed';
import { sql } from 'kysely';
import { userByUsername } from '../db/users';
import { USERNAME_TAKEN_TEXT } from '../features/auth/auth';
import { appWithPlayer, type TestPlayer } from '../testing/players';
import type { TestApp } from '../testing/test-app';
import { uploadProof } from '../testing/uploads';

// Issue 9, item 8: text fields refuse control, bidi-override and zero-width characters and are
// NFKC-normalised; usernames that differ only by such characters are the same name.

let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 0, per: 'file', prefix: 'texts' }, (app, member) => {
  t = app;
  player = member;
});

const register = (username: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/register',
    payload: { username, password: 'Karera-Uno-2026', referral: 'SUWERTE', email: 'x@example.com', contactnumber: '09171234567', ...extra },
  });

describe('usernames', () => {
  it.each([
    ['a fullwidth copy', 'ｄｅｍｏｐｌａｙｅｒ'],
    ['an ideographic space inside', 'demo\u3000player'],
    ['another case', 'DemoPlayer'],
    // Reading B strips spaces, and a byte-order mark is one to JavaScript.
    ['a byte-order mark inside', 'demo\uFEFFplayer'],
  ])('%s of a taken name is the same name (409)', async (_what, username) => {
    const response = await register(username);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: USERNAME_TAKEN_TEXT });
  });

  it.each([
    ['a zero-width space', 'demo\u200Bplayer'],
    ['a zero-width joiner', 'demo\u200Dplayer'],
    ['a bidi override', 'demoplayer\u202E'],
    ['a control character', 'demoplayer\u0007'],
    ['a soft hyphen', 'demo\u00ADplayer'],
  ])('with %s is refused (400), never a look-alike account', async (_what, username) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: HIDDEN_CHARACTERS_TEXT, field: 'username' });
    expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM users WHERE lower(username) LIKE ${'demo%player%'}`.execute(t.store.db)).rows[0]?.n)).toBe(1);
  });

  it('a fullwidth sign-in is the same player', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: 'ｄｅｍｏｐｌａｙｅｒ', password: DEMO_PLAYER.password } });
    expect(response.statusCode).toBe(200);
    const token = (response.json() as { accesstoken: string }).accesstoken;
    expect(AccessTokenClaimsSchema.parse(decodeJwt(token)).UserInfo.username).toBe('demoplayer');
  });

  it('a new name is stored NFKC-normalised', async () => {
    expect((await register('ｎｅｗｃｏｍｅｒ１')).statusCode).toBe(201);
    expect((await userByUsername(t.store.db, 'newcomer1'))?.username).toBe('newcomer1');
  });
});

describe('other text fields', () => {
  it('the profile: hidden characters refused, compatibility forms folded', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/account/update/profile',
      headers: player.headers,
      payload: { fullname: 'Juan\u202Egnp.exe', contactnumber: '09171234567', email: 'juan@example.com' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: HIDDEN_CHARACTERS_TEXT, field: 'fullname' });
    const folded = await t.app.inject({
      method: 'PUT',
      url: '/account/update/profile',
      headers: player.headers,
      payload: { fullname: 'Ｊｕａｎ\u00A0Dela Cruz', contactnumber: '09171234567', email: 'ｊｕａｎ@example.com' },
    });
    expect(folded.statusCode).toBe(200);
    expect(AccountSchema.parse((await t.app.inject({ url: '/account/', headers: player.headers })).json())).toMatchObject({ fullname: 'Juan Dela Cruz', email: 'juan@example.com' });
  });

  it.each([
    ['AccountName', 'Juan\u200B'],
    ['AccountNumber', '0917\u202E1234'],
    ['InvoiceNumber', 'INV\u0000'],
  ])('a cash-in with %s holding a hidden character is refused', async (field, value) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/transaction/cashin',
      headers: player.headers,
      payload: { Amount: 500, AccountName: 'Juan', AccountNumber: '0917', ImageLink: await uploadProof(t, player.headers), Mode: 'GCASH', InvoiceNumber: null, [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: HIDDEN_CHARACTERS_TEXT, field });
  });

  it('a withdrawal with a hidden character in the account is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/transaction/cashout/instapay',
      headers: player.headers,
      payload: { Amount: 50, AccountName: 'Juan\u2066', AccountNumber: '0917', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: HIDDEN_CHARACTERS_TEXT, field: 'AccountName' });
  });
});
