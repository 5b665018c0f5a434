import { z } from 'zod';
import {
  AccessTokenClaimsSchema,
  AccountSchema,
  LoginResponseSchema,
  MESSAGES,
  PLAYER_ROLE,
  REGISTER_TEXTS,
  RegisterResponseSchema,
  atLeast,
  atMost,
} from '@suwerte/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, userByUsername } from '../../db/users';
import { DEMO_OPERATOR, DEMO_PLAYER, HOUSE } from '../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/player/login', payload: payload as object });
const registerCall = (payload: unknown) => t.app.inject({ method: 'POST', url: '/register', payload: payload as object });

const validRegistration = {
  username: 'newplayer',
  password: 'Karera-Uno-2026',
  referral: HOUSE.referralCode,
  email: 'new@example.com',
  contactnumber: '09181234567',
};

describe('POST /player/login', () => {
  it('answers 200 { accesstoken } for the demo player', async () => {
    const response = await login({ username: DEMO_PLAYER.username, password: DEMO_PLAYER.password });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const parsed = z.strictObject(LoginResponseSchema.shape).parse(response.json());
    expect(parsed.accesstoken.split('.')).toHaveLength(3);
  });

  it('signs a token carrying UserInfo.username, UserInfo.role, sub and exp', async () => {
    const token = await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const claims = decodeJwt(token);
    const parsed = AccessTokenClaimsSchema.parse(claims);
    expect(parsed.UserInfo).toEqual({ username: DEMO_PLAYER.username, role: PLAYER_ROLE });
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(parsed.exp).toBe(nowSeconds + t.tokenTtlSeconds);
    expect(claims.iat).toBe(nowSeconds);
    const account = AccountSchema.parse((await t.app.inject({ url: '/account/', headers: bearer(token) })).json());
    expect(claims.sub).toBe(account._id);
  });

  it('lets a non-player role log in at the API level; the token carries the real role', async () => {
    const token = await t.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    expect(AccessTokenClaimsSchema.parse(decodeJwt(token)).UserInfo).toEqual({ username: DEMO_OPERATOR.username, role: 1 });
  });

  it('accepts the username in any letter case and keeps the stored spelling in the token', async () => {
    const token = await t.login('DemoPlayer', DEMO_PLAYER.password);
    expect(AccessTokenClaimsSchema.parse(decodeJwt(token)).UserInfo.username).toBe('demoplayer');
  });

  it('answers 401 "Invalid username or password" for a wrong password', async () => {
    const response = await login({ username: DEMO_PLAYER.username, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('answers the same 401 for an unknown user', async () => {
    const response = await login({ username: 'nobody-here', password: 'whatever123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('the house account cannot sign in', async () => {
    const response = await login({ username: HOUSE.username, password: 'anything-at-all' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ password: 'x' }, MESSAGES.usernameRequired, 'username'],
    [{ username: '   ', password: 'x' }, MESSAGES.usernameRequired, 'username'],
    [{ username: 'demoplayer' }, MESSAGES.passwordRequired, 'password'],
    [{ username: 'demoplayer', password: '' }, MESSAGES.passwordRequired, 'password'],
    [{ username: 42, password: 'x' }, MESSAGES.usernameRequired, 'username'],
  ])('answers 400 with the validation text for %j', async (payload, message, field) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
  });
});

describe('POST /register', () => {
  it('registers a player (201 "Registration Successful") who can then log in', async () => {
    const response = await registerCall(validRegistration);
    expect(response.statusCode).toBe(201);
    expect(RegisterResponseSchema.parse(response.json())).toEqual({ message: REGISTER_TEXTS.success });

    const token = await t.login(validRegistration.username, validRegistration.password);
    expect(AccessTokenClaimsSchema.parse(decodeJwt(token)).UserInfo).toEqual({ username: 'newplayer', role: PLAYER_ROLE });
    const account = AccountSchema.parse((await t.app.inject({ url: '/account/', headers: bearer(token) })).json());
    expect(account).toMatchObject({
      username: 'newplayer',
      balance: 0,
      email: 'new@example.com',
      contactnumber: '09181234567',
      fullname: '',
    });

    const row = (await userByUsername(t.store.db, 'newplayer'));
    const house = (await userByUsername(t.store.db, HOUSE.username));
    expect(row?.role).toBe(PLAYER_ROLE);
    expect(row?.balance_centavos).toBe(0);
    expect(row?.referral_code).toBe('NEWPLAYER');
    expect(row?.referred_by).toBe(house?.id);
  });

  it('strips spaces from the username (reading B) and accepts a referral code in any case', async () => {
    const response = await registerCall({ ...validRegistration, username: ' second player ', referral: 'newplayer' });
    expect(response.statusCode).toBe(201);
    const row = (await userByUsername(t.store.db, 'secondplayer'));
    expect(row?.referred_by).toBe((await userByUsername(t.store.db, 'newplayer'))?.id);
    await expect(t.login('secondplayer', validRegistration.password)).resolves.toBeTypeOf('string');
  });

  it('answers 400 "No reffer Found" for an unknown referral code', async () => {
    const response = await registerCall({ ...validRegistration, username: 'thirdplayer', referral: 'NOSUCHCODE' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'No reffer Found' });
    expect((await userByUsername(t.store.db, 'thirdplayer'))).toBeUndefined();
  });

  it('answers 409 "Username already exists" for a taken username, whatever its case', async () => {
    for (const username of ['demoplayer', 'DEMOPLAYER', 'Demo Player']) {
      const response = await registerCall({ ...validRegistration, username });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Username already exists' });
    }
  });

  it('gives a new user a free referral code when the upper-cased username is already a code', async () => {
    await createUser(t.store.db, { username: 'someoneelse', passwordHash: 'x', role: PLAYER_ROLE, referralCode: 'ALPHAONE', now: t.clock.now() });
    const response = await registerCall({ ...validRegistration, username: 'alphaone' });
    expect(response.statusCode).toBe(201);
    expect((await userByUsername(t.store.db, 'alphaone'))?.referral_code).toBe('ALPHAONE2');
  });

  const longName = 'a'.repeat(17);
  it.each([
    ['username', 'abc', atLeast(6)],
    ['username', 'a b c d', atLeast(6)],
    ['username', longName, atMost(16)],
    ['username', '', MESSAGES.usernameRequired],
    ['username', '    ', MESSAGES.usernameRequired],
    ['username', undefined, MESSAGES.usernameRequired],
    ['password', 'short', atLeast(8)],
    ['password', 'p'.repeat(17), atMost(16)],
    ['password', '', MESSAGES.passwordRequired],
    ['password', undefined, MESSAGES.passwordRequired],
    ['referral', '', MESSAGES.referralRequired],
    ['referral', undefined, MESSAGES.referralRequired],
    ['email', 'not-an-email', MESSAGES.registerEmail],
    ['email', '', MESSAGES.registerEmail],
    ['email', undefined, MESSAGES.registerEmail],
    ['contactnumber', '', MESSAGES.registerContact],
    ['contactnumber', 'call me', MESSAGES.registerContact],
    ['contactnumber', undefined, MESSAGES.registerContact],
  ])('answers 400 for %s = %j with "%s"', async (field, value, message) => {
    const payload: Record<string, unknown> = { ...validRegistration, username: 'validname1' };
    if (value === undefined) delete payload[field];
    else payload[field] = value;
    const response = await registerCall(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect((await userByUsername(t.store.db, 'validname1'))).toBeUndefined();
  });

  it('names the first bad field when several are bad', async () => {
    const response = await registerCall({ username: 'abc', password: 'x', referral: '', email: 'x', contactnumber: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: atLeast(6), field: 'username' });
  });

  it('answers 400 (never 500) for a missing, non-object or malformed body', async () => {
    const cases = [
      await t.app.inject({ method: 'POST', url: '/register' }),
      await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'application/json' }, payload: '' }),
      await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'application/json' }, payload: '{"username":' }),
      await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'application/json' }, payload: '[1,2]' }),
      await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'application/json' }, payload: 'null' }),
      await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'text/plain' }, payload: 'username=x' }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      const payload = response.json() as { message?: unknown };
      expect(typeof payload.message).toBe('string');
      expect(payload.message).not.toBe('');
    }
    expect(cases[0]?.json()).toEqual({ message: 'Request body must be a JSON object' });
    expect(cases[2]?.json()).toEqual({ message: "Body is not valid JSON but content-type is set to 'application/json'" });
  });

  it('answers 415 with a message for an unsupported content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/register', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported Media Type' });
  });

  it('lets only one of two racing registrations of the same name through', async () => {
    const payload = { ...validRegistration, username: 'racer01' };
    const responses = await Promise.all([registerCall(payload), registerCall(payload), registerCall({ ...payload, username: 'RACER01' })]);
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
  });
});
