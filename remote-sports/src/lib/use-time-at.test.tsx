import { act, renderHook } from '@testing-library/react';
import { useTimeAt } from './use-time-at';

describe('useTimeAt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-06-10T11:59:58Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (iso: string) => Date.parse(iso);

  it('reads the clock again just after each named instant, and not in between', () => {
    const instants = [at('2026-06-10T12:00:00Z'), at('2026-06-10T12:00:03Z')];
    const next = (now: number) => instants.find((instant) => instant > now) ?? null;
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useTimeAt(next);
    });
    expect(result.current).toBe(at('2026-06-10T11:59:58Z'));
    const first = renders;

    act(() => vi.advanceTimersByTime(2_000));
    expect(renders).toBe(first);
    act(() => vi.advanceTimersByTime(10));
    expect(result.current).toBe(at('2026-06-10T12:00:00.005Z'));
    expect(renders).toBe(first + 1);

    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(at('2026-06-10T12:00:03.005Z'));
    expect(renders).toBe(first + 2);
    // Nothing left to wait for: no timer.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for an instant beyond the longest timer in steps', () => {
    // 40 days ahead: one step of ~24.9 days, then the rest.
    const far = at('2026-07-20T11:59:58Z');
    const { result } = renderHook(() => useTimeAt((now) => (now < far ? far : null)));
    act(() => vi.advanceTimersByTime(2 ** 31 - 1));
    // A step, not the instant: the clock is read and the wait goes on.
    expect(result.current).toBeLessThan(far);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(far - Date.now() + 5));
    expect(result.current).toBeGreaterThan(far);
    expect(vi.getTimerCount()).toBe(0);
  });
});
