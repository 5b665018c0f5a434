import { matchMediaStub } from '@suwerte/shared/testing';
import { act, renderHook } from '@testing-library/react';
import { useCountUp } from './use-count-up';

function prefersReducedMotion(reduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(matchMediaStub((query) => reduced && query.includes('prefers-reduced-motion: reduce')));
}

describe('useCountUp', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts up from 0 to the amount, rising all the way and landing on it exactly', () => {
    prefersReducedMotion(false);
    const { result } = renderHook(() => useCountUp(12_345.67, 1000));
    expect(result.current).toBe(0);
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      act(() => vi.advanceTimersByTime(60));
      seen.push(result.current ?? -1);
    }
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[3]).toBeLessThan(12_345.67);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(result.current).toBe(12_345.67);
  });

  it('counts on from the amount shown when a new amount arrives', () => {
    prefersReducedMotion(false);
    const { result, rerender } = renderHook(({ target }) => useCountUp(target, 1000), { initialProps: { target: 100 } });
    act(() => vi.advanceTimersByTime(1100));
    expect(result.current).toBe(100);
    rerender({ target: 200 });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBeGreaterThan(100);
    expect(result.current).toBeLessThan(200);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(200);
  });

  it('shows the amount at once with prefers-reduced-motion', () => {
    prefersReducedMotion(true);
    const { result, rerender } = renderHook(({ target }) => useCountUp(target, 1000), { initialProps: { target: 500 as number | null } });
    expect(result.current).toBe(500);
    rerender({ target: 900 });
    expect(result.current).toBe(900);
  });

  it('waits with null until there is an amount', () => {
    prefersReducedMotion(false);
    const { result } = renderHook(() => useCountUp(null, 1000));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBeNull();
  });
});
