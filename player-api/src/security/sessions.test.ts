import { TOKEN_ERROR_TEXT, UpdatePasswordResponseSchema } from '@suwerte/contracts';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../testing/players';
import { REDACTED } from '../lib/log-redaction';
import { bearer, createTestApp, launchTokenFor, ticketFor, type TestApp } from '../testing/test-app';

// Issue 9, item 7: a password change ends every other session and closes the player's sockets;
// tokens never reach the logs.

let t: TestApp;
const logs: string[] = [];
let url: string;
let player: TestPlayer;
const sockets: Socket[] = [];

beforeEach(async () => {
  logs.length = 0;
  // The most talkative level: whatever Fastify would ever write about a request.
  t = await createTestApp({ logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  player = await newPlayer(t, 100, 'session');
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});

const tokenOf = (headers: { authorization: string }) => headers.authorization.replace('Bearer ', '');

function socketFor(username: string, accesstoken: string): Socket {
  const socket = connect(url, { query: { username, accesstoken }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

async function changePassword(headers: { authorization: string }, password: string) {
  const response = await t.app.inject({ method: 'PUT', url: '/account/update', headers, payload: { id: player.id, username: player.username, password } });
  expect(response.statusCode).toBe(200);
  return UpdatePasswordResponseSchema.parse(response.json()).accesstoken;
}

describe('a password change', () => {
  it('ends every other session: their tokens are refused, the caller goes on with the new one', async () => {
    const phone = player.headers;
    const phoneLaunch = await launchTokenFor(t.app, tokenOf(phone), 'pick3');
    const laptop = bearer(await t.login(player.username, 'secret123'));
    const renewed = bearer(await changePassword(laptop, 'newsecret99'));
    for (const old of [phone, laptop]) {
      const response = await t.app.inject({ url: '/account/', headers: old });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    }
    expect((await t.app.inject({ url: '/account/', headers: renewed })).statusCode).toBe(200);
    // A game launch of an ended session is refused too.
    expect((await t.app.inject({ url: `/games/pick3?accesstoken=${phoneLaunch}` })).statusCode).toBe(401);
    // Signing in again starts a session of the new version.
    expect((await t.app.inject({ url: '/account/', headers: bearer(await t.login(player.username, 'newsecret99')) })).statusCode).toBe(200);
  });

  it("disconnects the player's sockets at once, and refuses their reconnection with the old session", async () => {
    const phoneToken = tokenOf(player.headers);
    // A ticket of the phone's session kept aside, as a reconnection would use one.
    const phoneTicket = await ticketFor(t.app, phoneToken);
    const phone = socketFor(player.username, await ticketFor(t.app, phoneToken));
    await connected(phone);
    const other = await newPlayer(t, 0, 'bystander');
    const bystander = socketFor(other.username, await ticketFor(t.app, tokenOf(other.headers)));
    await connected(bystander);

    const dropped = new Promise<string>((resolve) => phone.once('disconnect', resolve));
    const renewed = await changePassword(bearer(await t.login(player.username, 'secret123')), 'newsecret99');
    expect(await dropped).toBe('io server disconnect');
    // Someone else's socket stays.
    expect(bystander.connected).toBe(true);

    await expect(connected(socketFor(player.username, phoneTicket))).rejects.toThrow(TOKEN_ERROR_TEXT);
    await expect(ticketFor(t.app, phoneToken)).rejects.toThrow('401');
    await expect(connected(socketFor(player.username, await ticketFor(t.app, renewed)))).resolves.toBeUndefined();
  });
});

describe('logs', () => {
  it("never contain a token: the game launch's accesstoken and the socket handshake's ticket are redacted", async () => {
    const token = tokenOf(player.headers);
    const launchToken = await launchTokenFor(t.app, token, 'pick3');
    const launch = await fetch(`${url}/games/pick3?accesstoken=${launchToken}&type=42`);
    expect(launch.status).toBe(200);
    await fetch(`${url}/games/pick3?type=42&access_token=${launchToken}`);
    await fetch(`${url}/account/`, { headers: { authorization: `Bearer ${token}` } });
    const tickets = [await ticketFor(t.app, token), await ticketFor(t.app, token)];
    const socket = socketFor(player.username, tickets[0] ?? '');
    await connected(socket);
    socket.close();
    // A handshake over long-polling is an ordinary HTTP request with the ticket in its query.
    const polling = connect(url, { query: { username: player.username, accesstoken: tickets[1] ?? '' }, transports: ['polling'], reconnection: false, forceNew: true });
    sockets.push(polling);
    await connected(polling);

    const text = logs.join('\n');
    expect(text).toContain('/games/pick3?accesstoken=' + REDACTED);
    for (const secret of [token, launchToken, ...tickets]) {
      expect(text).not.toContain(secret);
      // Nor any piece of it (its signature alone would do no harm, but its payload names the player).
      for (const part of secret.split('.')) expect(text).not.toContain(part);
    }
  });
});
