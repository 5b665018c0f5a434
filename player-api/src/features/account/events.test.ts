import { AccountEventSchema, TOKEN_ERROR_TEXT, type AccountEvent } from '@suwerte/contracts';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAYERS_ONLY_TEXT } from '../../lib/endpoints';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { newPlayer, operatorHeaders } from '../../testing/players';
import { createManualDeposit } from '../deposits/deposits';
import { manualDepositRequest } from '../../testing/money';

let t: TestApp;
let url: string;
const streams: AbortController[] = [];

beforeEach(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort();
  await t.close();
});

/** Opens GET /account/events and collects its messages as they arrive. */
async function openStream(headers: Record<string, string>) {
  const abort = new AbortController();
  streams.push(abort);
  const response = await fetch(`${url}/account/events`, { headers, signal: abort.signal });
  const messages: AccountEvent[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) {
          ended = true;
          return;
        }
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) messages.push(AccountEventSchema.parse(JSON.parse(data.slice('data: '.length))));
        }
      }
    })();
  }
  const next = async (count: number) => {
    const until = Date.now() + 5_000;
    while (messages.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    return messages[count - 1];
  };
  /** Whether the server has closed the stream within `ms`. */
  const endsWithin = async (ms: number) => {
    const until = Date.now() + ms;
    while (!ended && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    return ended;
  };
  return { response, messages, next, endsWithin };
}

describe('GET /account/events', () => {
  it('sends the balance at once, then the decision and the new balance when an operator approves a deposit', async () => {
    const player = await newPlayer(t, 100);
    const stream = await openStream(player.headers);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.next(1)).toEqual({ Balance: 100, decided: [] });

    const deposit = await createManualDeposit(
      t.store.db,
      manualDepositRequest(player.id, { amountCentavos: 25_050, imageLink: 'http://api.test/uploads/x.png', now: t.clock.now() }),
    );
    const decided = await t.app.inject({ method: 'POST', url: `/operator/deposits/${deposit.id}/approve`, headers: await operatorHeaders(t) });
    expect(decided.statusCode).toBe(200);
    expect(await stream.next(2)).toEqual({ Balance: 350.5, decided: [{ kind: 'deposits', _id: deposit.id, Status: 3 }] });
  });

  it('is for signed-in players only', async () => {
    const anonymous = await openStream({});
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    const operator = await openStream(await operatorHeaders(t));
    expect(operator.response.status).toBe(403);
    expect(await operator.response.json()).toEqual({ message: PLAYERS_ONLY_TEXT });
  });

  it("ends the streams of the account's sessions a password change ends; the new token opens one again", async () => {
    const player = await newPlayer(t, 10);
    const other = await newPlayer(t, 10, 'other');
    const stream = await openStream(player.headers);
    const bystander = await openStream(other.headers);
    expect(await stream.next(1)).toEqual({ Balance: 10, decided: [] });
    const changed = await t.app.inject({ method: 'PUT', url: '/account/update', headers: player.headers, payload: { id: player.id, username: player.username, password: 'newsecret1' } });
    expect(changed.statusCode).toBe(200);
    const { accesstoken } = changed.json<{ accesstoken: string }>();
    expect(await stream.endsWithin(2_000)).toBe(true);
    // Another player's stream goes on.
    expect(await bystander.endsWithin(300)).toBe(false);
    expect((await openStream(player.headers)).response.status).toBe(401);
    const renewed = await openStream({ authorization: `Bearer ${accesstoken}` });
    expect(renewed.response.status).toBe(200);
    expect(await renewed.next(1)).toEqual({ Balance: 10, decided: [] });
  });
});
