import { lottoEndpoints } from '@suwerte/contracts/lotto';
import { membersEndpoints } from '@suwerte/contracts/members';
import { fakeApi, startSignedIn } from '../testing';
import { sessionStore } from '../store/session-store';
import { callEndpoint, requestEndpoint } from './call-endpoint';
import { isEarlyCallPath } from '@suwerte/federation/early-call-path';
import { forgetPageCalls, startPageCalls } from '@suwerte/federation/page-calls';
import { EARLY_CALL_MS, forgetEarlyCalls, startEarlyCalls, takeEarlyAnswer } from './early-calls';
import { ApiError } from './errors';

const schedule = { _id: 's1', GameType: 45, Schedule: '2026-06-12T13:00:00.000Z' };

describe('early calls (a deep link’s first calls, started by the host)', () => {
  beforeEach(() => {
    startSignedIn();
    forgetEarlyCalls();
  });

  it('hands the page’s own call the early answer, made once with the player’s token', async () => {
    const calls = fakeApi(() => ({ status: 200, data: [schedule] }));
    startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /schedule/active/lotto']);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    // Taken once: the next call asks the API again.
    await callEndpoint(lottoEndpoints.activeSchedules);
    expect(calls).toHaveLength(2);
  });

  it('parses the early answer with the endpoint’s contract, as any answer', async () => {
    fakeApi(() => ({ status: 200, data: { schedules: [] } }));
    startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    await expect(callEndpoint(lottoEndpoints.activeSchedules)).rejects.toThrow(
      new ApiError('Unexpected answer from GET /schedule/active/lotto. Please try again later.', 'contract'),
    );
  });

  it('never hands over a failed early call: the page asks again and gets its own answer', async () => {
    let first = true;
    const calls = fakeApi(() => {
      if (!first) return { status: 200, data: [schedule] };
      first = false;
      return { status: 503, data: { message: 'busy' } };
    });
    startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
    expect(calls).toHaveLength(2);
  });

  it('drops an answer made for another session or left too long', async () => {
    const calls = fakeApi(() => ({ status: 200, data: [] }));
    startEarlyCalls([membersEndpoints.paymentOptions.path]);
    sessionStore.setState((state) => ({ user: { ...state.user, token: 'another-players-token' } }));
    expect(await takeEarlyAnswer(membersEndpoints.paymentOptions.path)).toBeUndefined();

    let clock = 1_000;
    startEarlyCalls([membersEndpoints.depositHistory.path], () => clock);
    clock += EARLY_CALL_MS + 1;
    expect(await takeEarlyAnswer(membersEndpoints.depositHistory.path, () => clock)).toBeUndefined();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it('calls only plain paths on the API, each once while it is under way', async () => {
    const calls = fakeApi(() => ({ status: 200, data: [] }));
    startEarlyCalls(['https://elsewhere.example/steal', '//elsewhere.example/x', '/deposit/:id', '/mop?x=1', 'mop', '/../admin', '/mop', '/mop']);
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/mop']));
    expect(isEarlyCallPath('/deposit/history')).toBe(true);
    expect(isEarlyCallPath('/a/./b')).toBe(false);
  });

  it('leaves a call with its own signal or URL, and a call of another path, to go out as they are', async () => {
    const calls = fakeApi(() => ({ status: 200, data: [] }));
    startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    await requestEndpoint(lottoEndpoints.activeSchedules, {}, { signal: new AbortController().signal });
    await requestEndpoint(lottoEndpoints.activeSchedules, {}, { url: lottoEndpoints.activeSchedules.path });
    await callEndpoint(lottoEndpoints.todaysDraws);
    // The early call and the three of their own; the early answer is still there for the page.
    expect(calls.map((call) => call.url)).toEqual(['/schedule/active/lotto', '/schedule/active/lotto', '/schedule/active/lotto', '/game/pick3/todaysdraw']);
    expect(await takeEarlyAnswer(lottoEndpoints.activeSchedules.path)).toEqual({ data: [] });
  });

  describe('made by the host’s early script before the shell arrived (docs/decisions/236)', () => {
    const answerWith = (body: unknown, status = 200) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));
    afterEach(() => vi.restoreAllMocks());

    it('hands the page’s own call the early script’s answer, and the host’s warm-up does not ask again', async () => {
      const early = answerWith([schedule]);
      const calls = fakeApi(() => ({ status: 200, data: [] }));
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      expect(early).toHaveBeenCalledWith('http://api.test/schedule/active/lotto', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer test-token' }) }));
      startEarlyCalls([lottoEndpoints.activeSchedules.path]);
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      expect(calls).toEqual([]);
      // Taken once.
      await callEndpoint(lottoEndpoints.activeSchedules);
      expect(calls).toHaveLength(1);
    });

    it('never hands over a failed answer, one made for another session, or one from another API', async () => {
      answerWith({ message: 'ERROR VERIFYING TOKEN' }, 403);
      const calls = fakeApi(() => ({ status: 200, data: [schedule] }));
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      vi.restoreAllMocks();
      answerWith([]);
      forgetPageCalls();
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'another-players-token');
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      forgetPageCalls();
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://other-api.test', 'test-token');
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      expect(calls).toHaveLength(3);
    });

    it('asks for a path once on the page: whichever of the early script and the host’s warm-up comes first', async () => {
      const early = answerWith([schedule]);
      const calls = fakeApi(() => ({ status: 200, data: [] }));
      // The shell first (a fast link): the early script then leaves the path alone.
      startEarlyCalls([lottoEndpoints.activeSchedules.path]);
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      expect(early).not.toHaveBeenCalled();
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([]);
      expect(calls).toHaveLength(1);
    });

    it('once the page has asked for a path itself, nobody starts it early: a later call (a refetch after a deposit) never gets an answer older than its own', async () => {
      const early = answerWith([{ ...schedule, _id: 'made-before' }]);
      const calls = fakeApi(() => ({ status: 200, data: [schedule] }));
      // The shell's own call first (a fast link); then the early script and the warm-up reach their lists.
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      startEarlyCalls([lottoEndpoints.activeSchedules.path]);
      expect(early).not.toHaveBeenCalled();
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      expect(calls).toHaveLength(2);
    });

    it('sends the token only to an http(s) API, and only plain paths', () => {
      const early = answerWith([]);
      startPageCalls(['/mop'], 'javascript:alert(1)', 'test-token');
      startPageCalls(['https://elsewhere.example/steal', '/deposit/:id', '/mop?x=1'], 'http://api.test', 'test-token');
      expect(early).not.toHaveBeenCalled();
    });
  });
});
