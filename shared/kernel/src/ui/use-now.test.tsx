import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

function Clock({ id, everyMs }: { id: string; everyMs?: number }) {
  return <p data-testid={id}>{useNow(everyMs)}</p>;
}

const shown = (id: string) => Number(screen.getByTestId(id).textContent);

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00.250Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every reader on the clock’s own second with one timer, in one render', () => {
    const commits: string[] = [];
    render(
      <Profiler id="page" onRender={(_id, phase) => commits.push(phase)}>
        <Clock id="a" />
        <Clock id="b" />
      </Profiler>,
    );
    expect(vi.getTimerCount()).toBe(1);
    expect(shown('a')).toBe(Date.parse('2026-11-28T10:00:00.250Z'));
    commits.length = 0;

    act(() => vi.advanceTimersByTime(749));
    expect(commits).toEqual([]);
    act(() => vi.advanceTimersByTime(10));
    // Just past the boundary, both readers at once.
    expect(shown('a')).toBe(Date.parse('2026-11-28T10:00:01.005Z'));
    expect(shown('b')).toBe(shown('a'));
    expect(commits).toEqual(['update']);
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(1000));
    expect(shown('a')).toBe(Date.parse('2026-11-28T10:00:02.005Z'));
    expect(commits).toEqual(['update', 'update']);
  });

  it('a reader drawn between ticks starts from its own first render, then follows the clock', () => {
    const { rerender } = render(<Clock id="a" />);
    act(() => vi.advanceTimersByTime(1200));
    rerender(
      <>
        <Clock id="a" />
        <Clock id="late" />
      </>,
    );
    expect(shown('late')).toBe(Date.parse('2026-11-28T10:00:01.450Z'));
    expect(shown('a')).toBe(Date.parse('2026-11-28T10:00:01.005Z'));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown('late')).toBe(Date.parse('2026-11-28T10:00:02.005Z'));
    expect(shown('a')).toBe(shown('late'));
  });

  it('stops its timer when the last reader goes, and a later reader gets the time of its render', () => {
    const { unmount } = render(<Clock id="a" />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    render(<Clock id="again" />);
    expect(shown('again')).toBe(Date.parse('2026-11-28T10:01:00.250Z'));
    expect(vi.getTimerCount()).toBe(1);
  });

  it('keeps one clock per interval', () => {
    render(
      <>
        <Clock id="second" />
        <Clock id="half" everyMs={500} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(2);
    act(() => vi.advanceTimersByTime(260));
    expect(shown('half')).toBe(Date.parse('2026-11-28T10:00:00.505Z'));
    expect(shown('second')).toBe(Date.parse('2026-11-28T10:00:00.250Z'));
  });
});
