import { renderHook, waitFor } from '@testing-library/react';
import { watch } from '../testing';
import { AFTER_PAINT_LIMIT_MS, PRESENTED_WAIT_MS, afterPaint, useAfterPaint } from './after-paint';

/** The browser's frames, run when the test says. */
function controlledFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
  return {
    count: () => frames.length,
    next: (time: number) => frames.shift()?.(time),
  };
}

/** A browser reporting largest paints when the test says (`report`), or none at all. */
function largestPaints(supported: boolean) {
  const observers: ((entries: { startTime: number }[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported ? ['largest-contentful-paint'] : [];
    constructor(private readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void) {}
    observe() {
      observers.push((entries) => this.callback({ getEntries: () => entries }));
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { report: (startTime: number) => observers.forEach((notify) => notify([{ startTime }])) };
}


describe('afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('without paint reports, resolves a task after the second frame begins: the frame that draws the page has gone out', async () => {
    largestPaints(false);
    const frames = controlledFrames();
    const painted = watch(afterPaint());
    frames.next(0);
    await new Promise((next) => setTimeout(next, 0));
    // The first frame's callback runs before that frame is drawn: not yet.
    expect(painted.done).toBe(false);
    frames.next(16);
    expect(painted.done).toBe(false);
    await vi.waitFor(() => expect(painted.done).toBe(true));
  });

  it('waits for the browser to report a paint from that frame on the screen, not an older one', async () => {
    const paints = largestPaints(true);
    const frames = controlledFrames();
    const painted = watch(afterPaint());
    frames.next(100);
    frames.next(116);
    paints.report(90);
    await new Promise((next) => setTimeout(next, 50));
    expect(painted.done).toBe(false);
    paints.report(140);
    await vi.waitFor(() => expect(painted.done).toBe(true));
  });

  it('goes on when no paint is reported in time (a first screen with no larger paint)', async () => {
    vi.useFakeTimers();
    largestPaints(true);
    const frames = controlledFrames();
    const painted = watch(afterPaint());
    frames.next(0);
    frames.next(16);
    await vi.advanceTimersByTimeAsync(PRESENTED_WAIT_MS - 1);
    expect(painted.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(painted.done).toBe(true);
  });

  it('resolves by its limit when no frame comes (a hidden page draws none)', async () => {
    vi.useFakeTimers();
    const frames = controlledFrames();
    const painted = watch(afterPaint());
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_LIMIT_MS - 1);
    expect(painted.done).toBe(false);
    expect(frames.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(painted.done).toBe(true);
  });

  it('resolves in a real page', async () => {
    await expect(afterPaint()).resolves.toBeUndefined();
  });
});

describe('useAfterPaint', () => {
  it('is false on the first render and true once that render is on show', async () => {
    const painted = watch(afterPaint());
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(painted.done).toBe(true);
  });
});
