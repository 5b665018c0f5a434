import { GAME_TYPE } from '../contracts/history';
import { BET_STATUS_VIEW, betStake, formatLottoNumbers, gameTypeLabel, matchLabel, picksText, quarterLabel, resultText, winLabel } from './bet-results';
import { makeBet } from '../testing/bets';

describe('describing bets per game type (document 2, result encodings)', () => {
  it.each([
    // type, picks, result, teams, type label, picks text, result text
    [61, [7, 3, 1], [2, 5, 1], true, 'Ending (Regular)', '7-3 Q1', '2-5 Q1'],
    [61, [1, 4, 1, 8, 0, 2], [1, 4, 1, 6, 2, 2], true, 'Ending (Minor Jackpot)', '1-4 Q1, 8-0 Q2', '1-4 Q1, 6-2 Q2'],
    [61, [3, 3, 1, 5, 9, 2, 0, 7, 3], null, true, 'Ending (Major Jackpot)', '3-3 Q1, 5-9 Q2, 0-7 Q3', 'Pending'],
    [61, [2, 2, 1, 4, 6, 2, 9, 1, 3, 5, 5, 4], [2, 2, 1, 4, 6, 2, 9, 1, 3, 5, 5, 5], true, 'Ending (Grand Jackpot)', '2-2 Q1, 4-6 Q2, 9-1 Q3, 5-5 Q4', '2-2 Q1, 4-6 Q2, 9-1 Q3, 5-5 OT1'],
    [62, [5, 5, 2], [5, 5, 2], true, 'Ending · Quarter Prize', '5-5 Q2', '5-5 Q2'],
    [63, [3, 8, 3], [8, 3, 3], true, 'Ending · Reverse Prize', '3-8 Q3', '8-3 Q3'],
    [72, [0, 2], [1, 2], true, 'Odd/Even', 'Odd Q2', 'Even Q2'],
    [100, [1, 1], [0, 1], true, 'First Team To Score', 'SMB Q1', 'BGSM Q1'],
    [110, [0, 12], [1], true, 'Team Winner', 'BGSM · 12', 'SMB'],
    [300, [3, 7, 12], [3, 9, 12, 18], false, 'Slot Machine', '3, 7, 12', '3, 9, 12, 18'],
    [9000, [1], [2], false, 'Video Karera', 'UNO', 'DOS'],
    [9000, [2], [1], false, 'Video Karera', 'DOS', 'UNO'],
    [42, [4, 17, 33], [4, 11, 21, 28, 35, 40], false, 'Pick 3 · 6/42', '04-17-33', '04-11-21-28-35-40'],
    [45, [1, 5, 9, 12, 18, 22, 27, 30, 33, 38, 41, 44, 1], null, false, 'Pick 12 · 6/45', '01-05-09-12-18-22-27-30-33-38-41-44 · JP', 'Pending'],
    [55, [3, 6, 11, 14, 20, 25, 31, 37, 40, 46, 50, 53, 0], [2, 6, 14, 22, 37, 50], false, 'Pick 12 · 6/55', '03-06-11-14-20-25-31-37-40-46-50-53', '02-06-14-22-37-50'],
    [49, [8, 19, 42], null, false, 'Pick 3 · 6/49', '08-19-42', 'Pending'],
    [58, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], false, 'Lotto 6/58', '01-02-03-04-05-06', '01-02-03-04-05-06'],
    [131, [12, 25, 1], [25, 12], false, 'EZ 2', '12-25 R', '25-12'],
    [131, [7, 31, 0], [7, 30], false, 'EZ 2', '07-31 S', '07-30'],
    [200, [4, 15, 23], [4, 16, 23, 36, 41, 9], false, 'Mega Millions', '04-15-23', '04-16-23-36-41 + 09'],
    [200, [3, 11, 20, 33, 45, 7], [3, 11, 27, 38, 44, 7], false, 'Mega Millions', '03-11-20-33-45 + 07', '03-11-27-38-44 + 07'],
  ] as const)('game type %i %j', (type, picks, result, teams, typeLabel, picksLabel, resultLabel) => {
    const bet = makeBet({ type, picks: [...picks], result: result ? [...result] : null, teams, status: result ? 3 : 1 });
    expect(gameTypeLabel(bet)).toBe(typeLabel);
    expect(picksText(bet)).toBe(picksLabel);
    expect(resultText(bet)).toBe(resultLabel);
  });

  it('names the match by its teams, or the draw and its time', () => {
    expect(matchLabel(makeBet({ type: 61, picks: [1, 2, 1], teams: true }))).toBe('BGSM vs SMB');
    expect(matchLabel(makeBet({ type: 42, picks: [1, 2, 3] }))).toMatch(/^6\/42 draw · \d\d\/\d\d\/2026, \d{1,2}:\d\d (AM|PM)$/);
    expect(matchLabel(makeBet({ type: 9000, picks: [1] }))).toMatch(/^Video Karera · /);
    expect(matchLabel(makeBet({ type: 300, picks: [1] }))).toBe('Slot Machine');
  });

  it('says so when a returned bet has no result, and adds the extra legs to the stake', () => {
    expect(resultText(makeBet({ type: 49, picks: [1, 2, 3], status: 0 }))).toBe('No result');
    expect(betStake(makeBet({ type: 45, picks: [1], amounts: [20, 5] }))).toBe(25);
    expect(betStake(makeBet({ type: 61, picks: [1], amounts: [10.1, 10.1, 10.1] }))).toBe(30.3);
  });

  it('maps the bet statuses with their colours', () => {
    expect(BET_STATUS_VIEW).toEqual({
      0: { label: 'Return' },
      1: { label: 'Ongoing' },
      2: { label: 'Win', color: 'green' },
      3: { label: 'Lose', color: 'red' },
    });
    expect(quarterLabel(4)).toBe('Q4');
    expect(quarterLabel(6)).toBe('OT2');
  });
});

describe('formatLottoNumbers', () => {
  it('joins two-digit numbers, with the Mega Millions yellow ball apart', () => {
    expect(formatLottoNumbers(42, [3, 11, 17, 25, 38, 42])).toBe('03-11-17-25-38-42');
    expect(formatLottoNumbers(131, [7, 21])).toBe('07-21');
    expect(formatLottoNumbers(200, [5, 12, 33, 41, 68, 9])).toBe('05-12-33-41-68 + 09');
    // Mega Millions' other game: three white balls.
    expect(formatLottoNumbers(200, [4, 15, 23])).toBe('04-15-23');
  });
});

describe('winLabel', () => {
  const team = (Acronym: string) => ({ TeamName: Acronym, Acronym, League: 'PBA', ImageLink: '' });
  const on = (GameType: number, teams: [string, string] | null) => ({
    GameId: { _id: 'g1', GameType, Team1: teams ? team(teams[0]) : null, Team2: teams ? team(teams[1]) : null, Schedule: '2026-06-13T13:05:00.000Z', ResultId: [] },
  });
  it('names the prize and the match, or the prize alone', () => {
    expect(winLabel(on(GAME_TYPE.ENDING_REVERSE_PRIZE, ['LAL', 'BOS']))).toBe('Quarter & Reverse Prize · LAL vs BOS');
    expect(winLabel(on(GAME_TYPE.TEAM_WINNER, null))).toBe('Team Winner');
    // Not only basketball: every game by its name (issue 37), an unknown one by its code.
    expect(winLabel(on(GAME_TYPE.EZ2, null))).toBe('EZ 2');
    expect(winLabel(on(GAME_TYPE.VIDEO_KARERA, null))).toBe('Video Karera');
    expect(winLabel(on(GAME_TYPE.MEGA_MILLIONS, null))).toBe('Mega Millions');
    expect(winLabel(on(45, null))).toBe('Lotto 6/45');
    expect(winLabel(on(9999, null))).toBe('Game 9999');
  });
});
