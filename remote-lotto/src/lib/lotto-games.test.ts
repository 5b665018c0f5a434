// @vitest-environment node
import { betButtons } from './lotto-games';

const schedule = (GameType: number, _id = '6650aa00aa00aa00aa00aa01') => ({ _id, GameType, Schedule: '2026-06-12T13:00:00.000Z' });

describe('betButtons', () => {
  it('gives every 6/N game Bet Pick 3 and Bet Pick 12 by game type', () => {
    for (const type of [42, 45, 49, 55, 58]) {
      expect(betButtons(schedule(type))).toEqual([
        { label: 'Bet Pick 3', to: `/Pick3Route/${type}` },
        { label: 'Bet Pick 12', to: `/Pick12Route/${type}` },
      ]);
    }
  });

  it('gives Mega Millions (200) Bet Now to /MegaMillionRoute and EZ 2 (131) Bet Now by schedule id', () => {
    expect(betButtons(schedule(200))).toEqual([{ label: 'Bet Now', to: '/MegaMillionRoute' }]);
    expect(betButtons(schedule(131, 'abc123'))).toEqual([{ label: 'Bet Now', to: '/EZ2Route/abc123' }]);
    expect(betButtons(schedule(131, 'a/b c'))).toEqual([{ label: 'Bet Now', to: '/EZ2Route/a%2Fb%20c' }]);
  });

  it('gives an unknown game type no button', () => {
    expect(betButtons(schedule(77))).toEqual([]);
  });
});
