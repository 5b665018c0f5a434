import { act } from '@testing-library/react';
import { historyEndpoints, membersEndpoints } from '@suwerte/contracts/members';
import { sessionStore } from '../store/session-store';
import { fakeApi, resetSession, signInForTest, syncAccountForTest, testAccount } from '../testing';
import { lottoEndpoints } from '@suwerte/contracts/lotto';
import { forgetPageCalls, startPageCalls } from '@suwerte/federation/page-calls';
import { ACCOUNT_APPLY_DELAY_MS, startAccountSync } from './account-sync';
import { callEndpoint } from './call-endpoint';
import { writeBalance } from './balance';
import { readEventData } from './event-stream';
import { queryClient } from './query';

const account = testAccount({ balance: 777, fullname: '', contactnumber: '', email: '' });

/** A fetch answering the account stream with `messages`, then keeping it open. */
function streamOf(messages: unknown[]) {
  const requests: { url: string; headers: Headers }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url, headers: new Headers(init?.headers) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode(': open\n\n'));
        for (const message of messages) controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

describe('the account sync (the one owner of the balance)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    resetSession();
    queryClient.clear();
    forgetPageCalls();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('applies the first /account/ answer 1000 ms after it arrives, then mirrors every account answer', async () => {
    signInForTest('demoplayer', 5000);
    // The stream's opening message is a resync like /account/ itself: it waits for the apply too.
    streamOf([{ Balance: 800, decided: [] }]);
    const calls = fakeApi(() => ({ status: 200, data: account }));
    // Fake time only: a busy machine's real time must not count towards the 1000 ms.
    vi.useFakeTimers();
    const applied = vi.fn();
    stop = startAccountSync({ onFirstApply: applied });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(ACCOUNT_APPLY_DELAY_MS - 100));
    expect(sessionStore.getState().account?.balance).toBe(5000);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sessionStore.getState().account?.balance).toBe(777);
    expect(applied).toHaveBeenCalledWith(account);

    writeBalance(640.5);
    expect(sessionStore.getState().account?.balance).toBe(640.5);
  });

  it('applies the account at once when a money event brings a newer balance before the 1000 ms', async () => {
    signInForTest('demoplayer', 5000);
    sessionStore.getState().setAccount(null);
    const calls = fakeApi(() => ({ status: 200, data: account }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stop = startAccountSync();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // e.g. Video Karera's resync or a bet's answer, a moment after /account/ answered
    writeBalance(650);
    expect(sessionStore.getState().account).toEqual({ ...account, balance: 650 });
  });

  it('writes the balance the account stream carries and refreshes what a decision touches', async () => {
    signInForTest('demoplayer', 5000);
    syncAccountForTest();
    const requests = streamOf([
      { Balance: 5000, decided: [] },
      { Balance: 5250.25, decided: [{ kind: 'deposits', _id: 'd1', Status: 3 }] },
    ]);
    fakeApi(() => ({ status: 200, data: { ...account, balance: 5000 } }));
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    stop = startAccountSync();
    await vi.waitFor(() => expect(sessionStore.getState().account?.balance).toBe(5250.25));
    expect(requests[0]?.url).toBe('http://api.test/account/events');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining([historyEndpoints.transactions.id, membersEndpoints.depositHistory.id]));
    expect(keys).not.toContain(membersEndpoints.withdrawHistory.id);
  });

  it('opens the account stream once the page has its first data, not beside its first calls', async () => {
    signInForTest('demoplayer', 5000);
    syncAccountForTest();
    const requests = streamOf([{ Balance: 5000, decided: [] }]);
    const stream = vi.mocked(globalThis.fetch);
    // A deep link's first call, made early (its answer a moment later) and not yet taken by the page.
    let answerCall: () => void = () => undefined;
    const answered = new Promise<Response>((resolve) => (answerCall = () => resolve(new Response('[]'))));
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => (url.endsWith('/account/events') ? stream(url, init) : answered)));
    fakeApi(() => ({ status: 200, data: account }));
    startPageCalls([lottoEndpoints.activeSchedules.path], 'http://api.test', 'test-token');
    stop = startAccountSync();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    const page = callEndpoint(lottoEndpoints.activeSchedules);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Taken by the page, its answer still on the way.
    expect(requests).toEqual([]);
    answerCall();
    expect(await page).toEqual([]);
    await vi.waitFor(() => expect(requests.map((request) => request.url)).toContain('http://api.test/account/events'));
  });

  it('opens the account stream no sooner than the host says (once the page landed on is on the screen)', async () => {
    signInForTest('demoplayer', 5000);
    const requests = streamOf([{ Balance: 5000, decided: [] }]);
    fakeApi(() => ({ status: 200, data: account }));
    let shown: () => void = () => undefined;
    stop = startAccountSync({ streamAfter: new Promise<void>((resolve) => (shown = resolve)) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toEqual([]);
    shown();
    await vi.waitFor(() => expect(requests.map((request) => request.url)).toContain('http://api.test/account/events'));
  });

  it('signs the player out when the stream refuses the token', async () => {
    signInForTest();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'ERROR VERIFYING TOKEN' }), { status: 401 })));
    fakeApi(() => ({ status: 200, data: account }));
    stop = startAccountSync();
    await vi.waitFor(() => expect(sessionStore.getState().user.token).toBeNull());
  });
});

describe('readEventData', () => {
  it('returns the data of each complete message and keeps the rest for the next chunk', () => {
    expect(readEventData(': open\n\ndata: {"a":1}\n\ndata: {"b"')).toEqual({ messages: ['{"a":1}'], rest: 'data: {"b"' });
    expect(readEventData('data: one\r\ndata: two\r\n\r\n')).toEqual({ messages: ['one\ntwo'], rest: '' });
  });
});
