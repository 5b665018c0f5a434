import { CASHOUT_CHANNEL, TOKEN_ERROR_TEXT, accountEndpoints, membersEndpoints } from '@suwerte/contracts';
import { DEMO, E2E_PASSWORD, apiUrl, callApi, hostUrl, loginToken, registerPlayer } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectGameSite, sessionToken } from '../support/game-site';
import { fundedPlayer } from './karera/karera-support';

// Issue 31 in the browser (docs/decisions/141–143): the token a launch puts in a game site's URL
// and the one in the Video Karera socket's URL are not the session's and open nothing else; Logout
// ends the session on the server.

/** What the API answers `token` for a call that changes the password, and one that withdraws. */
async function whatTheTokenCanDo(token: string, player: { username: string }, playerId: string) {
  const refused = (call: Promise<unknown>) => call.then(() => 'accepted', (error: { status?: number; serverMessage?: string }) => `${error.status ?? 0} ${error.serverMessage ?? ''}`);
  return {
    password: await refused(callApi(accountEndpoints.updatePassword, { token, body: { id: playerId, username: player.username, password: 'Stolen-Pass-2026' } })),
    withdrawal: await refused(
      callApi(membersEndpoints.cashOut, {
        token,
        params: { channel: CASHOUT_CHANNEL },
        body: { Amount: 50, AccountName: 'Somebody Else', AccountNumber: '09179999999', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
      }),
    ),
  };
}

test("the token a launch route puts in the game site's URL cannot change the password or withdraw", async ({ page, loginAs }) => {
  const player = await fundedPlayer(200);
  await loginAs(player, '/Lotto');
  const session = await sessionToken(page);
  const { _id: playerId } = await callApi(accountEndpoints.account, { token: session });
  await page.goto(`${hostUrl()}/Pick3Route/42`);
  const launch = await expectGameSite(page, player, 'pick3', { type: '42' }, { notSession: session });

  expect(await whatTheTokenCanDo(launch, player, playerId)).toEqual({ password: `401 ${TOKEN_ERROR_TEXT}`, withdrawal: `401 ${TOKEN_ERROR_TEXT}` });
  // Nothing changed: the player's own password still signs in, and the balance is whole.
  expect(await loginToken({ username: player.username, password: E2E_PASSWORD })).toBeTruthy();
  expect((await callApi(accountEndpoints.account, { token: session })).balance).toBe(200);
});

test('the slot machine launch, in its new tab, carries a launch token too', async ({ page, context, loginAs }) => {
  const player = await registerPlayer('slotsafe');
  await loginAs(player, '/Egames');
  const session = await sessionToken(page);
  const [game] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Play Now: Lucky Keno (opens in a new tab)' }).click()]);
  await game.waitForURL(/\/games\/slotmachine\?/);
  const token = new URL(game.url()).searchParams.get('accesstoken') ?? '';
  expect(token).not.toBe(session);
  await expect(game.getByTestId('token-status')).toHaveText(`Valid session: playing as ${player.username}`);
  await expect(callApi(accountEndpoints.account, { token })).rejects.toMatchObject({ status: 401 });
});

test("the Video Karera socket's URL carries a one-connection ticket, not the session's token", async ({ page, loginAs }) => {
  const player = await registerPlayer('ticket');
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await loginAs(player, '/VideoKarera');
  await expect(page.getByTestId('karera-connection')).toHaveAttribute('data-state', 'live');
  const session = await sessionToken(page);
  const url = new URL(sockets.find((address) => address.includes('/socket.io/')) ?? '');
  expect(url.origin.replace(/^ws/, 'http')).toBe(apiUrl());
  expect(url.searchParams.get('username')).toBe(player.username);
  const ticket = url.searchParams.get('accesstoken') ?? '';
  expect(ticket).not.toBe('');
  expect(ticket).not.toBe(session);
  expect(url.toString()).not.toContain(session);
  // The ticket opened its connection and opens nothing else.
  await expect(callApi(accountEndpoints.account, { token: ticket })).rejects.toMatchObject({ status: 401 });
});

test('Logout ends the session on the server: the old token answers 401 at once', async ({ page, signInThroughDialog }) => {
  await page.goto(hostUrl());
  await signInThroughDialog(DEMO);
  await expect(page.getByTestId('header-balance')).toHaveText(/^₱[\d,]+\.\d\d$/);
  const token = await sessionToken(page);
  expect((await callApi(accountEndpoints.account, { token })).username).toBe(DEMO.username);

  await page.getByRole('button', { name: `Account menu for ${DEMO.username}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect
    .poll(() => callApi(accountEndpoints.account, { token }).then(() => 200, (error: { status?: number }) => error.status ?? 0))
    .toBe(401);
  await expect(callApi(accountEndpoints.account, { token })).rejects.toMatchObject({ status: 401, serverMessage: TOKEN_ERROR_TEXT });
});
