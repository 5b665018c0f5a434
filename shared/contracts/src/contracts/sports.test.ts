import {
  GAME_STATUS,
  GrandBetRequestSchema,
  JACKPOT_TEXTS,
  JackpotBetRequestSchema,
  JackpotEditRequestSchema,
  MaskedNameSchema,
  SPORTS_PAYOUT_HUNDREDTHS,
  SPORTS_TEXTS,
  SlotAvailabilityQuerySchema,
  betSetRows,
  endingKindOfLength,
  endingWin,
  featuredGames,
  finalScore,
  gameBadge,
  isJackpotClosed,
  maskUsername,
  openQuarters,
  payoutCentavos,
  quarterName,
  scoreLegs,
  statusBadge,
  type ClosingInput,
} from './sports';

const game = (EndingBettingStatus: number, BettingStatus = 1): ClosingInput => ({ EndingBettingStatus, Ending: { BettingStatus } });

describe('closing rules (document 2, section 4)', () => {
  it('closes Major at EndingBettingStatus 3 or higher, or 0', () => {
    expect([0, 1, 2, 3, 4, 5].map((status) => isJackpotClosed('major', game(status)))).toEqual([true, false, false, true, true, true]);
  });

  it('closes Minor at EndingBettingStatus 4 or higher, or 0', () => {
    expect([0, 1, 2, 3, 4, 5].map((status) => isJackpotClosed('minor', game(status)))).toEqual([true, false, false, false, true, true]);
  });

  it("closes the Grand when the Ending's BettingStatus is not 1, whatever EndingBettingStatus says", () => {
    expect(isJackpotClosed('grand', game(1, 1))).toBe(false);
    expect(isJackpotClosed('grand', game(1, 0))).toBe(true);
    expect(isJackpotClosed('grand', game(2, 2))).toBe(true);
    expect(isJackpotClosed('grand', game(2, 1))).toBe(false);
  });

  it("reads only EndingBettingStatus for Major and Minor (the Ending's BettingStatus is the Grand's)", () => {
    expect(isJackpotClosed('major', game(2, 2))).toBe(false);
    expect(isJackpotClosed('minor', game(3, 2))).toBe(false);
    expect(isJackpotClosed('minor', game(0, 0))).toBe(true);
  });

  it('lists the quarters still open', () => {
    expect(openQuarters(1)).toEqual([1, 2, 3, 4]);
    expect(openQuarters(3)).toEqual([3, 4]);
    expect(openQuarters(5)).toEqual([]);
    expect(openQuarters(0)).toEqual([]);
  });
});

describe('status → badge', () => {
  it('shows Q1–Q4, OT1 and OT2, nothing before tip-off or once completed', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(statusBadge)).toEqual([null, 'Q1', 'Q2', 'Q3', 'Q4', 'OT1', 'OT2', null]);
    expect(quarterName(3)).toBe('Q3');
    expect(quarterName(6)).toBe('OT2');
  });

  it('shows the badge only once the scheduled time has passed', () => {
    const live = { Schedule: '2026-03-01T10:00:00.000Z', Status: GAME_STATUS.Q2 };
    expect(gameBadge(live, Date.parse('2026-03-01T09:59:59.999Z'))).toBeNull();
    expect(gameBadge(live, Date.parse('2026-03-01T10:00:00.000Z'))).toBe('Q2');
  });
});

describe('masking', () => {
  it('keeps the first letter upper case, the next two lower case, then five stars', () => {
    expect(maskUsername('demoplayer')).toBe('Dem*****');
    expect(maskUsername('JUANDELACRUZ')).toBe('Jua*****');
    expect(maskUsername('ab')).toBe('Ab*****');
    expect(maskUsername('x')).toBe('X*****');
    expect(maskUsername('9lives')).toBe('9li*****');
  });

  it('accepts only masked names on the wire', () => {
    expect(MaskedNameSchema.safeParse(maskUsername('mariasantos')).success).toBe(true);
    expect(MaskedNameSchema.safeParse('mariasantos').success).toBe(false);
    expect(MaskedNameSchema.safeParse('Mari*****').success).toBe(false);
  });
});

describe('wins, kinds and payouts', () => {
  it('wins amount × 70 without float drift', () => {
    expect(endingWin(10)).toBe(700);
    expect(endingWin(0.1)).toBe(7);
    expect(endingWin(19.99)).toBe(1399.3);
  });

  it('names the Ending kind by bet length', () => {
    expect([3, 6, 9, 12, 4].map(endingKindOfLength)).toEqual(['regular', 'minor', 'major', 'grand', null]);
    expect(scoreLegs([1, 2, 1, 3, 4, 2])).toEqual([
      [1, 2, 1],
      [3, 4, 2],
    ]);
  });

  it('rounds payouts down to the centavo', () => {
    expect(payoutCentavos(1_000, SPORTS_PAYOUT_HUNDREDTHS.ending)).toBe(70_000);
    expect(payoutCentavos(1_001, SPORTS_PAYOUT_HUNDREDTHS.oddEven)).toBe(1_901);
    expect(payoutCentavos(2_000, SPORTS_PAYOUT_HUNDREDTHS.reverse)).toBe(70_000);
  });

  it('reads the rows of a set, the Grand Jackpot line last', () => {
    const grand = { Amount: 10, Amounttwo: 20, Amountthree: 30, BetDetails: [[1, 2, 1, 3, 4, 2, 5, 6, 3, 7, 8, 4]] };
    expect(betSetRows(grand).map((row) => row.Amount)).toEqual([10, 20, 30, 5]);
    expect(betSetRows(grand)[3]).toEqual({ Amount: 5, slot1: 7, slot2: 8, quarter: 4 });
  });
});

describe('home', () => {
  it('features the first 6 games by creation date that are not completed', () => {
    const games = Array.from({ length: 9 }, (_, index) => ({
      _id: String(index),
      createdAt: `2026-03-0${9 - index}T00:00:00.000Z`,
      Schedule: '2026-03-10T00:00:00.000Z',
      Status: index === 8 ? GAME_STATUS.COMPLETED : GAME_STATUS.SCHEDULED,
    }));
    expect(featuredGames(games).map((entry) => entry._id)).toEqual(['7', '6', '5', '4', '3', '2']);
  });

  it('orders by the instants whatever offset each is written with, ties by schedule', () => {
    const game = (_id: string, createdAt: string, Schedule: string) => ({ _id, createdAt, Schedule, Status: GAME_STATUS.SCHEDULED });
    const games = [
      game('manila-later', '2026-03-01T09:00:00+08:00', '2026-03-10T00:00:00Z'), // 01:00 UTC
      game('utc-earlier', '2026-03-01T00:30:00Z', '2026-03-10T00:00:00Z'),
      game('tie-later-schedule', '2026-03-01T00:30:00.000Z', '2026-03-11T00:00:00+08:00'),
      game('tie-earlier-schedule', '2026-03-01T08:30:00+08:00', '2026-03-10T07:00:00+08:00'),
    ];
    expect(featuredGames(games).map((entry) => entry._id)).toEqual(['tie-earlier-schedule', 'utc-earlier', 'tie-later-schedule', 'manila-later']);
  });

  it('adds up the final score', () => {
    expect(finalScore({ Scores: [{ quarter: 1, Team1: 20, Team2: 25 }, { quarter: 2, Team1: 30, Team2: 21 }] })).toEqual({ Team1: 50, Team2: 46 });
  });
});

describe('request contracts carry the spec texts', () => {
  const line = (quarter: number, jackpot: 1 | 2 = 2) => ({ Amount: 10, jackpot, slot1: 1, slot2: 2, quarter });
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('checks Major/Minor lines', () => {
    expect(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [line(1), line(2), line(3)] }).success).toBe(true);
    expect(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [line(1, 1), line(4, 1)] }).success).toBe(true);
    expect(firstMessage(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [line(1), line(1), line(3)] }))).toBe(SPORTS_TEXTS.distinctQuarters);
    expect(firstMessage(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [line(1), line(2)] }))).toBe(SPORTS_TEXTS.wrongLines);
    expect(firstMessage(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [{ ...line(1), slot1: null }, line(2), line(3)] }))).toBe(
      JACKPOT_TEXTS.invalidSlot,
    );
    expect(firstMessage(JackpotBetRequestSchema.safeParse({ GameId: 'g', bets: [{ ...line(1), Amount: 9 }, line(2), line(3)] }))).toBe(JACKPOT_TEXTS.minimum);
  });

  it('checks the Grand lines: Q1–Q3 staked, Q4 the ₱5 attendance', () => {
    const grand = (quarter: number, Amount = 10) => ({ Amount, jackpot: 3, slot1: 0, slot2: 9, quarter });
    const ok = { GameId: 'g', bets: [grand(1), grand(2), grand(3), grand(4, 5)] };
    expect(GrandBetRequestSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(GrandBetRequestSchema.safeParse({ ...ok, bets: [grand(1), grand(2), grand(3), grand(4, 10)] }))).toBe(SPORTS_TEXTS.grandAttendance);
    expect(firstMessage(GrandBetRequestSchema.safeParse({ ...ok, bets: [grand(1), grand(3), grand(2), grand(4, 5)] }))).toBe(SPORTS_TEXTS.distinctQuarters);
    expect(firstMessage(GrandBetRequestSchema.safeParse({ ...ok, bets: [{ ...grand(1), slot2: undefined }, grand(2), grand(3), grand(4, 5)] }))).toBe(
      JACKPOT_TEXTS.grandIncomplete,
    );
  });

  it('takes an edit as one row set, and the max query as strings', () => {
    expect(JackpotEditRequestSchema.safeParse({ bets: [[{ Amount: 20, slot1: 1, slot2: 2, quarter: 1, id: 0, max: 500, jackpot: 2 }]] }).success).toBe(true);
    expect(JackpotEditRequestSchema.safeParse({ bets: [] }).success).toBe(false);
    expect(SlotAvailabilityQuerySchema.parse({ slot1: '0', slot2: '9', quarter: '4' })).toEqual({ slot1: 0, slot2: 9, quarter: 4 });
    expect(firstMessage(SlotAvailabilityQuerySchema.safeParse({ slot1: '10', slot2: '9', quarter: '4' }))).toBe(JACKPOT_TEXTS.invalidSlot);
  });
});
