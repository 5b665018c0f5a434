import { JackpotListSchema } from '@suwerte/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('jackpot', () => {
  it('answers the pools publicly as a list', async () => {
    const list = JackpotListSchema.parse((await t.app.inject({ url: '/jackpot' })).json());
    expect(list).toEqual([{ Minor: 25_000.5, Major: 150_000.75, Grand: 1_000_000.25 }]);
  });

  it('lets an operator set the pools, and nobody else', async () => {
    const body = { Minor: 30_000, Major: 160_000.5, Grand: 1_250_000.75 };
    const player = await t.login('demoplayer', 'suwerte123');
    const refused = await t.app.inject({ method: 'PUT', url: '/operator/jackpot', payload: body, headers: { authorization: `Bearer ${player}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Operators only' });

    const operator = await t.login('operator1', 'operator123');
    const negative = await t.app.inject({
      method: 'PUT',
      url: '/operator/jackpot',
      payload: { ...body, Grand: -1 },
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(negative.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PUT', url: '/operator/jackpot', payload: body, headers: { authorization: `Bearer ${operator}` } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/jackpot' })).json()).toEqual([body]);
  });
});
