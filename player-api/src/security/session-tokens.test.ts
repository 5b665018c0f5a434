import { AccessTokenClaimsSchema, CASHOUT_CHANNEL, PASSWORD_TEXTS, SIGNED_OUT_TEXT, TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_OPERATOR, DEMO_PLAYER } from '../features/seed/seed';
import { LAUNCH_TOKEN_TTL_SECONDS } from '../lib/tokens';
import { newPlayer, type TestPlayer } from '../testing/players';
import { createTestGame } from '../testing/sports';
import { TEST_SECRET, bearer, createTestApp, launchTokenFor, ticketFor, type TestApp } from '../testing/test-app';

// Issue 31, items 1, 2 and 4 (docs/decisions/140, 141, 143): sessions that end on the server,
// expire when idle and renew while used; launch tokens that open one game and nothing else; demo
// accounts that never sign in outside demo mode. On SQLite and on PostgreSQL (npm run test:postgres).

let t: TestApp;
let player: TestPlayer;
beforeEach(async () => {
  t = await createTestApp({ tokenTtlSeconds: 12 * 3600 });
  player = await newPlayer(t, 500, 'tokens');
});
afterEach(() => t.close());

const account = (headers: { authorization: string }) => t.app.inject({ url: '/account/', headers });
const tokenOf = (headers: { authorization: string }) => headers.authorization.replace('Bearer ', '');
const renew = (headers: { authorization: string }) => t.app.inject({ method: 'POST', url: '/player/renew', headers, payload: {} });

describe('logout', () => {
  it('ends the session on the server: its token answers 401 at once; other sessions of the player go on', async () => {
    const laptop = bearer(await t.login(player.username, 'secret123'));
    expect((await account(player.headers)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/player/logout', headers: player.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SIGNED_OUT_TEXT });
    for (const call of [account(player.headers), renew(player.headers), t.app.inject({ method: 'POST', url: '/player/logout', headers: player.headers, payload: {} })]) {
      const refused = await call;
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    }
    expect((await account(laptop)).statusCode).toBe(200);
  });

  it("ends the session's launch tokens and gives it no new ticket", async () => {
    const launch = await launchTokenFor(t.app, tokenOf(player.headers), 'pick3');
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${launch}&type=42` })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/player/logout', headers: player.headers, payload: {} });
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${launch}&type=42` })).statusCode).toBe(401);
    await expect(ticketFor(t.app, tokenOf(player.headers))).rejects.toThrow('401');
  });
});

describe('an idle session', () => {
  it('expires after 12 hours without activity; an active one is renewed and goes on past them', async () => {
    const idle = player.headers;
    let active = bearer(await t.login(player.username, 'secret123'));
    const issued = AccessTokenClaimsSchema.parse(decodeJwt(tokenOf(idle)));
    expect(issued.exp - (issued.iat ?? 0)).toBe(12 * 3600);
    // Eleven hours on, the active page renews (same session, a new token, its idle time anew).
    t.clock.advanceSeconds(11 * 3600);
    const renewed = await renew(active);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<{ accesstoken: string }>().accesstoken;
    expect(decodeJwt(next).sid).toBe(decodeJwt(tokenOf(active)).sid);
    active = bearer(next);
    // Past 12 hours: the idle session is over, the active one is not.
    t.clock.advanceSeconds(3600);
    expect((await account(idle)).statusCode).toBe(401);
    expect((await renew(idle)).statusCode).toBe(401);
    expect((await account(active)).statusCode).toBe(200);
    // Its session has a server-side end too: a token of it kept aside expires with it.
    t.clock.advanceSeconds(12 * 3600);
    expect((await account(active)).statusCode).toBe(401);
  });
});

describe('a password change', () => {
  it('ends every other session (and their launch tokens); the caller goes on in the same session', async () => {
    const laptop = bearer(await t.login(player.username, 'secret123'));
    const launch = await launchTokenFor(t.app, tokenOf(laptop), 'pick3');
    const changed = await t.app.inject({ method: 'PUT', url: '/account/update', headers: player.headers, payload: { id: player.id, username: player.username, password: 'Manila-Bay-2026' } });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json<{ accesstoken: string }>().accesstoken;
    expect(decodeJwt(renewed).sid).toBe(decodeJwt(tokenOf(player.headers)).sid);
    expect((await account(bearer(renewed))).statusCode).toBe(200);
    expect((await account(laptop)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${launch}` })).statusCode).toBe(401);
  });

  it('refuses a common password, or the username, with a clear text (the 8–16 rule stays)', async () => {
    const change = (password: string) => t.app.inject({ method: 'PUT', url: '/account/update', headers: player.headers, payload: { id: player.id, username: player.username, password } });
    for (const common of ['password123', 'Password123', 'qwertyuiop', 'iloveyou1', '11111111']) expect((await change(common)).json()).toEqual({ message: PASSWORD_TEXTS.common, field: 'password' });
    // The player's own username (long enough here to pass the spec's 8 characters).
    const named = await newPlayer(t, 0, 'juandelacruz');
    const own = (password: string) => t.app.inject({ method: 'PUT', url: '/account/update', headers: named.headers, payload: { id: named.id, username: named.username, password } });
    expect((await own(named.username.toUpperCase())).json()).toEqual({ message: PASSWORD_TEXTS.username, field: 'password' });
    expect((await change('short')).statusCode).toBe(400);
    expect((await account(player.headers)).statusCode).toBe(200);
  });
});

describe('a launch token (the accesstoken of a game launch URL)', () => {
  it('opens its own game on the game site, and nothing else', async () => {
    const launch = await launchTokenFor(t.app, tokenOf(player.headers), 'pick3');
    const headers = bearer(launch);
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${launch}&type=42` })).body).toContain(`playing as <strong>${player.username}</strong>`);
    // Another game's page, or a game with the wrong id: no.
    expect((await t.app.inject({ url: `/games/pick12?accesstoken=${launch}&type=42` })).statusCode).toBe(401);
    const refusals = [
      account(headers),
      t.app.inject({ method: 'PUT', url: '/account/update', headers, payload: { id: player.id, username: player.username, password: 'Stolen-Pass-2026' } }),
      t.app.inject({ method: 'PUT', url: '/account/update/profile', headers, payload: { fullname: 'Someone Else', email: 'x@example.com', contactnumber: '09170000000' } }),
      t.app.inject({
        method: 'POST',
        url: `/transaction/cashout/${CASHOUT_CHANNEL}`,
        headers,
        payload: { Amount: 100, AccountName: 'Thief', AccountNumber: '09179999999', Mode: 'GCASH', Balance: 500, TransactionType: 0 },
      }),
      t.app.inject({ method: 'POST', url: '/game/launch', headers, payload: { game: 'pick3' } }),
      t.app.inject({ method: 'POST', url: '/karera/ticket', headers, payload: {} }),
      renew(headers),
      t.app.inject({ method: 'POST', url: '/player/logout', headers, payload: {} }),
    ];
    for (const refused of await Promise.all(refusals)) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    }
    // The password is the player's own still, and nothing left the balance.
    expect((await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: player.username, password: 'secret123' } })).statusCode).toBe(200);
    expect((await account(player.headers)).json()).toMatchObject({ balance: 500 });
  });

  it("takes the game site's bet on its own game only, and lives for minutes", async () => {
    const game = await createTestGame(t);
    const launch = await launchTokenFor(t.app, tokenOf(player.headers), 'oddeven', game.OddEven?._id);
    const bet = (id: string, token: string) => t.app.inject({ method: 'POST', url: `/bet/game/${id}`, headers: bearer(token), payload: { BetDetails: [[0, 1]], Amount: 10 } });
    expect((await bet(game.OddEven?._id ?? '', launch)).statusCode).toBe(201);
    // Another game's id: refused.
    expect((await bet(game.FTTS?._id ?? '', launch)).statusCode).toBe(401);
    expect(decodeJwt(launch).exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + LAUNCH_TOKEN_TTL_SECONDS);
    t.clock.advanceSeconds(LAUNCH_TOKEN_TTL_SECONDS);
    expect((await bet(game.OddEven?._id ?? '', launch)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/games/oddeven?accesstoken=${launch}&id=${game.OddEven?._id ?? ''}` })).statusCode).toBe(401);
  });

  it("is never the session's own token: the session token opens no game page", async () => {
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${tokenOf(player.headers)}&type=42` })).statusCode).toBe(401);
    const operator = bearer(await t.login(DEMO_OPERATOR.username, DEMO_OPERATOR.password));
    expect((await t.app.inject({ method: 'POST', url: '/game/launch', headers: operator, payload: { game: 'pick3' } })).statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: '/game/launch', headers: player.headers, payload: { game: 'roulette' } });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('demo accounts on a database first used in demo mode, now in production', () => {
  it('never sign in, and their demo sessions are refused; real players go on', async () => {
    const demoToken = await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const production = await buildApp({ database: t.store, mode: 'production', jwtSecret: TEST_SECRET, now: t.clock.now });
    try {
      for (const { username, password } of [DEMO_PLAYER, DEMO_OPERATOR]) {
        const refused = await production.inject({ method: 'POST', url: '/player/login', payload: { username, password } });
        expect(refused.statusCode).toBe(401);
      }
      expect((await production.inject({ url: '/account/', headers: bearer(demoToken) })).statusCode).toBe(401);
      expect((await production.inject({ url: '/account/', headers: player.headers })).statusCode).toBe(200);
      expect((await production.inject({ method: 'POST', url: '/player/login', payload: { username: player.username, password: 'secret123' } })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
    // Back in demo mode, they sign in again (demo mode publishes them).
    expect((await t.app.inject({ method: 'POST', url: '/player/login', payload: { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password } })).statusCode).toBe(200);
  });

  it('a real player who registered a demo name with a password of their own is no demo account', async () => {
    const production = await createTestApp({ mode: 'production' });
    try {
      const registered = await production.app.inject({
        method: 'POST',
        url: '/register',
        payload: { username: DEMO_PLAYER.username, password: 'Juan-Own-Pass-26', referral: 'SUWERTE', email: 'juan@example.com', contactnumber: '09171234567' },
      });
      expect(registered.statusCode).toBe(201);
      expect((await production.app.inject({ method: 'POST', url: '/player/login', payload: { username: DEMO_PLAYER.username, password: 'Juan-Own-Pass-26' } })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
