import { fakeApi, renderWithProviders, resetSession, signInForTest, testAccount } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { setAnalyticsTransport } from '@suwerte/shared/host';
import { act } from '@testing-library/react';
import { ACCOUNT_APPLY_DELAY_MS, useAccountSync } from './use-account-sync';

function Probe() {
  useAccountSync();
  return null;
}

const fresh = testAccount({ balance: 777, fullname: '', contactnumber: '', email: '' });

describe('useAccountSync', () => {
  beforeEach(resetSession);
  afterEach(() => {
    vi.useRealTimers();
    setAnalyticsTransport(null);
  });

  it('fetches /account/ when a token exists and applies it 1000 ms later, then reports the username', async () => {
    signInForTest('demoplayer', 5000);
    const events: unknown[] = [];
    setAnalyticsTransport({ pageView: () => undefined, event: (name, params) => events.push([name, params]) });
    const calls = fakeApi(() => ({ status: 200, data: fresh }));
    // The sync's module loaded ahead (the hook imports it on demand), so only promises stand between
    // the render and the call. The fake clock moves only when the test moves it (a clock that also followed real time let a
    // loaded machine pass the 1,000 ms before the first check).
    await import('./account-call');
    vi.useFakeTimers();
    renderWithProviders(<Probe />);
    for (let turn = 0; calls.length === 0 && turn < 50; turn += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    expect(calls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ACCOUNT_APPLY_DELAY_MS - 100);
    });
    expect(sessionStore.getState().account?.balance).toBe(5000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(sessionStore.getState().account?.balance).toBe(777);
    expect(events).toEqual([['account_loaded', { username: 'demoplayer' }]]);
  });

  it('does nothing without a token, and logs out on ERROR VERIFYING TOKEN', async () => {
    const calls = fakeApi(() => ({ status: 401, data: { message: 'ERROR VERIFYING TOKEN' } }));
    const view = renderWithProviders(<Probe />);
    expect(calls).toHaveLength(0);
    view.unmount();
    signInForTest();
    renderWithProviders(<Probe />);
    await vi.waitFor(() => expect(sessionStore.getState().user.token).toBeNull());
  });
});
