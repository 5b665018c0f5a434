import { useEffect, useState } from 'react';

/** Longest wait in all: a hidden page draws no frame, and what waits must not wait for the player to come back. */
export const AFTER_PAINT_LIMIT_MS = 500;

/**
 * Longest wait for the screen to show the frame once it is drawn. The browser says when a paint is on
 * the screen only for the largest one so far (`largest-contentful-paint`), and only until the player's
 * first input: a page whose first screen adds none goes on after this (a traced phone profile showed
 * the title ~130 ms after its frame began).
 */
export const PRESENTED_WAIT_MS = 250;

/** Whether the browser will report the next largest paint: it can, and the player has not yet tapped or typed. */
const reportsLargestPaint = (): boolean =>
  typeof PerformanceObserver !== 'undefined' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint') &&
  performance.getEntriesByType('first-input').length === 0;

/**
 * Resolves once what the page has rendered so far is on the screen: the frame that draws it has
 * begun and ended (two `requestAnimationFrame` callbacks), and the browser has reported the largest
 * paint since then presented (or PRESENTED_WAIT_MS has passed); then a task later. Work the page's
 * first screen does not draw — a socket's ticket, a dialog's code — starts here: it neither holds
 * up that paint nor shares the link with the files before it (docs/decisions/246).
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | null = null;
    let done = false;
    // Called in a task of its own (a timer, the observer's report), never in a frame's callback.
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(limit);
      resolve();
    };
    const limit = setTimeout(finish, AFTER_PAINT_LIMIT_MS);
    requestAnimationFrame((frameStart) =>
      requestAnimationFrame(() => {
        if (!reportsLargestPaint()) return void setTimeout(finish, 0);
        setTimeout(finish, PRESENTED_WAIT_MS);
        observer = new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => entry.startTime >= frameStart)) finish();
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    );
  });
}

/**
 * False until what the component's first render drew is on show (`afterPaint`), then true: what the
 * first screen can do without — a payment method's logo beside its name — is asked for after it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterPaint().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
