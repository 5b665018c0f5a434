import {
  LOTTO_DRAW_GAME_TYPES,
  LottoScheduleListSchema,
  TodaysDrawListSchema,
  addManilaDays,
  drawnNumbers,
  lottoGameLabel,
  manilaDay,
  manilaDayKey,
  manilaTime,
  startOfManilaDay,
} from './lotto';

describe('lottoGameLabel', () => {
  it('labels every lotto game type code', () => {
    expect(Object.fromEntries(LOTTO_DRAW_GAME_TYPES.map((type) => [type, lottoGameLabel(type)]))).toEqual({
      42: '6/42',
      45: '6/45',
      49: '6/49',
      55: '6/55',
      58: '6/58',
      131: 'EZ 2',
      200: 'Mega Millions',
    });
  });

  it('names an unknown code rather than hiding it', () => {
    expect(lottoGameLabel(61)).toBe('Game 61');
  });
});

describe('Philippine time', () => {
  it('finds the Manila calendar day of an instant (UTC+8, no DST)', () => {
    expect(manilaDay(new Date('2026-06-12T15:59:59Z'))).toEqual({ year: 2026, month: 6, day: 12, weekday: 5 });
    expect(manilaDay(new Date('2026-06-12T16:00:00Z'))).toEqual({ year: 2026, month: 6, day: 13, weekday: 6 });
    expect(manilaDayKey(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('turns a Manila day and hour into the instant', () => {
    expect(manilaTime({ year: 2026, month: 6, day: 12 }, 14).toISOString()).toBe('2026-06-12T06:00:00.000Z');
    expect(manilaTime({ year: 2026, month: 1, day: 1 }, 0).toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(startOfManilaDay(new Date('2026-06-12T03:00:00Z')).toISOString()).toBe('2026-06-11T16:00:00.000Z');
    expect(addManilaDays(new Date('2026-06-30T15:00:00Z'), 1)).toEqual({ year: 2026, month: 7, day: 1, weekday: 3 });
    expect(addManilaDays(new Date('2026-03-01T00:00:00Z'), -1)).toEqual({ year: 2026, month: 2, day: 28, weekday: 6 });
  });
});

describe('lotto contracts', () => {
  it('accept the API shapes and reject a broken one', () => {
    expect(LottoScheduleListSchema.safeParse([{ _id: 'a1', GameType: 131, Schedule: '2026-06-12T06:00:00.000Z' }]).success).toBe(true);
    expect(LottoScheduleListSchema.safeParse([{ _id: 'a1', GameType: '131', Schedule: 'tomorrow' }]).success).toBe(false);
    const draws = TodaysDrawListSchema.parse([
      { _id: 'a1', GameType: 131, Schedule: '2026-06-12T06:00:00.000Z', ResultId: [{ result: [7, 21] }] },
      { _id: 'a2', GameType: 42, Schedule: '2026-06-12T13:00:00.000Z', ResultId: [] },
    ]);
    expect(draws.map(drawnNumbers)).toEqual([[7, 21], null]);
  });
});
