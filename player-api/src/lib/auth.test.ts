import { TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moneyChange } from '../db/money';
import { debit } from '../testing/money';
import { appWithPlayer, fund, newPlayer, type TestPlayer } from '../testing/players';
import type { TestApp } from '../testing/test-app';
import { PLAYERS_ONLY_TEXT } from './auth';

// A verified token is remembered (docs/decisions/123), the account behind it never is: every
// request reads the account as it is now, so a token used a moment ago answers for the account's
// current role, balance and existence.
let t: TestApp;
let player: TestPlayer;
appWithPlayer({ pesos: 100, prefix: 'auth' }, (app, member) => {
  t = app;
  player = member;
});

const account = () => t.app.inject({ url: '/account/', headers: player.headers });

describe('a token already verified', () => {
  it("shows the balance as committed on each request, never the one of the token's first use", async () => {
    expect((await account()).json()).toMatchObject({ balance: 100 });
    await fund(t, player.id, 50);
    expect((await account()).json()).toMatchObject({ balance: 150 });
  });

  it('stops opening player routes as soon as the account is no longer a player', async () => {
    expect((await account()).statusCode).toBe(200);
    await sql`UPDATE users SET role = 1 WHERE id = ${player.id}`.execute(t.store.db);
    const response = await account();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: PLAYERS_ONLY_TEXT });
  });

  it('is refused once its account is gone, or its session version moved on', async () => {
    expect((await account()).statusCode).toBe(200);
    await sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${player.id}`.execute(t.store.db);
    expect((await account()).json()).toEqual({ message: TOKEN_ERROR_TEXT });
    const other = await newPlayer(t, 0, 'auth');
    expect((await t.app.inject({ url: '/account/', headers: other.headers })).statusCode).toBe(200);
    await sql`DELETE FROM users WHERE id = ${other.id}`.execute(t.store.db);
    const gone = await t.app.inject({ url: '/account/', headers: other.headers });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: TOKEN_ERROR_TEXT });
  });

  it('is refused once it expires by the app clock', async () => {
    expect((await account()).statusCode).toBe(200);
    t.clock.advanceSeconds(t.tokenTtlSeconds);
    expect((await account()).statusCode).toBe(401);
  });
});

// A remembered token whose account can be read at once is checked without a promise (docs/decisions/131);
// otherwise the token is verified and the account read through the query layer. Both answer alike.
describe('the check at once and the one that waits', () => {
  it('answer alike: the first use of a token (verified) and the next ones (remembered)', async () => {
    const operator = await newPlayer(t, 0, 'auth');
    await sql`UPDATE users SET role = 1 WHERE id = ${operator.id}`.execute(t.store.db);
    for (const caller of [player, operator]) {
      const first = await t.app.inject({ url: '/account/', headers: caller.headers });
      const next = await t.app.inject({ url: '/account/', headers: caller.headers });
      expect([next.statusCode, next.json()]).toEqual([first.statusCode, first.json()]);
    }
    expect((await t.app.inject({ url: '/account/', headers: operator.headers })).statusCode).toBe(403);
  });

  it('never answers a request that came while a money change held the transaction open with what the change wrote', async () => {
    expect((await account()).json()).toMatchObject({ balance: 100 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const change = moneyChange(t.store, async (q) => {
      await debit(player.id, 3_000)(q);
      entered();
      await released;
      throw new RangeError('refused after the debit');
    });
    await inside;
    const during = account();
    // Let the request reach its check while the transaction is still open.
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(change).rejects.toThrow('refused after the debit');
    // The debit was rolled back: the account as committed still holds ₱100.
    expect((await during).json()).toMatchObject({ balance: 100 });
    expect((await account()).json()).toMatchObject({ balance: 100 });
  });
});
