import { fakeApi, resetSession, signInForTest } from '../testing';
import { ApiError } from './errors';
import { fetchActiveLottoSchedules, fetchLottoResults, fetchTodaysDraws } from './lotto';

describe('lotto calls', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
  });

  it('load schedules and results with the bearer token, and today’s draws', async () => {
    const calls = fakeApi(({ url }) => {
      if (url === '/schedule/active/lotto') return { status: 200, data: [{ _id: 's1', GameType: 45, Schedule: '2026-06-12T13:00:00.000Z' }] };
      if (url === '/result/lotto') return { status: 200, data: [{ _id: 's0', GameType: 131, Schedule: '2026-06-12T06:00:00.000Z', ResultId: [{ result: [1, 31] }] }] };
      return { status: 200, data: [] };
    });
    expect(await fetchActiveLottoSchedules()).toEqual([{ _id: 's1', GameType: 45, Schedule: '2026-06-12T13:00:00.000Z' }]);
    expect((await fetchLottoResults())[0]?.ResultId).toEqual([{ result: [1, 31] }]);
    expect(await fetchTodaysDraws()).toEqual([]);
    expect(calls.map((call) => call.url)).toEqual(['/schedule/active/lotto', '/result/lotto', '/game/pick3/todaysdraw']);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('turn an answer that breaks the contract into a clear error', async () => {
    fakeApi(() => ({ status: 200, data: { schedules: [] } }));
    await expect(fetchActiveLottoSchedules()).rejects.toThrow(new ApiError('Unexpected answer from GET /schedule/active/lotto. Please try again later.', 'contract'));
  });
});
