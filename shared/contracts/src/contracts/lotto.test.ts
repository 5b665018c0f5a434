import {
  LOTTO_DRAW_GAME_TYPES,
  LottoScheduleListSchema,
  TodaysDrawListSchema,
  drawnNumbers,
  lottoGameLabel,
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
