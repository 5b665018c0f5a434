import { lottoEndpoints } from '@suwerte/contracts/lotto';
import { membersEndpoints } from '@suwerte/contracts/members';
import { fakeApi, startSignedIn } from '../testing';
import { sessionStore } from '../store/session-store';
import { callEndpoint, requestEndpoint } from './call-endpoint';
import { isEarlyCallPath } from '@suwerte/federation/early-call-path';
import { forgetPageCalls, startPageCalls } from '@suwerte/federation/page-calls';
import { EARLY_CALL_MS, startEarlyCalls, takeEarlyAnswer, whenEarlyAnswersIn } from './early-calls';
import { ApiError } from './errors';

const schedule = { _id: 's1', GameType: 45, Schedule: '2026-06-12T13:00:00.000Z' };

describe('early calls (a deep link’s first calls, started by the host)', () => {
  /** The API as the early calls see it (a plain `fetch`, never the API client): every request answered with `body`. */
  function answerWith(body: unknown, status = 200) {
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));
  }
  const earlyUrls = (fetch: ReturnType<typeof answerWith>) => fetch.mock.calls.map(([input]) => String(input));

  beforeEach(() => {
    startSignedIn();
    forgetPageCalls();
  });
  afterEach(() => vi.restoreAllMocks());

  it('hands the page’s own call the early answer, made once with the player’s token on the runtime config’s API, without the API client', async () => {
    const early = answerWith([schedule]);
    const calls = fakeApi(() => ({ status: 200, data: [] }));
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    expect(earlyUrls(early)).toEqual(['http://api.test/schedule/active/lotto']);
    expect(new Headers(early.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer test-token');
    expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
    expect(calls).toEqual([]);
    // Taken once: the next call asks the API again, through the API client.
    await callEndpoint(lottoEndpoints.activeSchedules);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /schedule/active/lotto']);
  });

  it('tells when the page has its first data: every early call taken by the page’s own and answered', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    let dataIn = false;
    void whenEarlyAnswersIn().then(() => (dataIn = true));
    const page = callEndpoint(lottoEndpoints.activeSchedules);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Taken, its answer still on the way.
    expect(dataIn).toBe(false);
    answer(new Response(JSON.stringify([schedule])));
    expect(await page).toEqual([schedule]);
    await vi.waitFor(() => expect(dataIn).toBe(true));
    // Where none was made, at once.
    await expect(whenEarlyAnswersIn()).resolves.toBeUndefined();
  });

  it('parses the early answer with the endpoint’s contract, as any answer', async () => {
    answerWith({ schedules: [] });
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    await expect(callEndpoint(lottoEndpoints.activeSchedules)).rejects.toThrow(
      new ApiError('Unexpected answer from GET /schedule/active/lotto. Please try again later.', 'contract'),
    );
  });

  it('never hands over a failed early call: the page asks again and gets its own answer', async () => {
    answerWith({ message: 'busy' }, 503);
    const calls = fakeApi(() => ({ status: 200, data: [schedule] }));
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
    expect(calls).toHaveLength(1);
  });

  it('drops an answer made for another session or left too long, and makes none without a session', async () => {
    const early = answerWith([]);
    await startEarlyCalls([membersEndpoints.paymentOptions.path]);
    sessionStore.setState((state) => ({ user: { ...state.user, token: 'another-players-token' } }));
    expect(await takeEarlyAnswer(membersEndpoints.paymentOptions.path)).toBeUndefined();

    startSignedIn();
    let clock = 1_000;
    await startEarlyCalls([membersEndpoints.depositHistory.path], () => clock);
    clock += EARLY_CALL_MS + 1;
    expect(await takeEarlyAnswer(membersEndpoints.depositHistory.path, () => clock)).toBeUndefined();

    sessionStore.getState().logout();
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    expect(earlyUrls(early)).toEqual(['http://api.test/mop', 'http://api.test/deposit/history']);
  });

  it('calls only plain paths on the API, each once while it is under way', async () => {
    const early = answerWith([]);
    await startEarlyCalls(['https://elsewhere.example/steal', '//elsewhere.example/x', '/deposit/:id', '/mop?x=1', 'mop', '/../admin', '/mop', '/mop']);
    expect(earlyUrls(early)).toEqual(['http://api.test/mop']);
    expect(isEarlyCallPath('/deposit/history')).toBe(true);
    expect(isEarlyCallPath('/a/./b')).toBe(false);
  });

  it('leaves a call with its own signal or URL, and a call of another path, to go out as they are', async () => {
    answerWith([]);
    const calls = fakeApi(() => ({ status: 200, data: [] }));
    await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
    await requestEndpoint(lottoEndpoints.activeSchedules, {}, { signal: new AbortController().signal });
    await requestEndpoint(lottoEndpoints.activeSchedules, {}, { url: lottoEndpoints.activeSchedules.path });
    await callEndpoint(lottoEndpoints.todaysDraws);
    // Three of their own; the early answer is still there for the page.
    expect(calls.map((call) => call.url)).toEqual(['/schedule/active/lotto', '/schedule/active/lotto', '/game/pick3/todaysdraw']);
    expect(await takeEarlyAnswer(lottoEndpoints.activeSchedules.path)).toEqual({ data: [] });
  });

  describe('made by the host’s early script before the shell arrived (docs/decisions/236)', () => {

    it('hands the page’s own call the early script’s answer, and the host’s warm-up does not ask again', async () => {
      const early = answerWith([schedule]);
      const calls = fakeApi(() => ({ status: 200, data: [] }));
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      expect(early).toHaveBeenCalledWith('http://api.test/schedule/active/lotto', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer test-token' }) }));
      await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
      expect(early).toHaveBeenCalledTimes(1);
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
      await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      expect(early).toHaveBeenCalledTimes(1);
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      expect(calls).toEqual([]);
    });

    it('once the page has asked for a path itself, nobody starts it early: a later call (a refetch after a deposit) never gets an answer older than its own', async () => {
      const early = answerWith([{ ...schedule, _id: 'made-before' }]);
      const calls = fakeApi(() => ({ status: 200, data: [schedule] }));
      // The shell's own call first (a fast link); then the early script and the warm-up reach their lists.
      expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
      startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
      await startEarlyCalls([lottoEndpoints.activeSchedules.path]);
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
