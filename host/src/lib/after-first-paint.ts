let firstPaint: Promise<void> | null = null;

/** Longest wait when the browser reports no paint timing (e.g. a background tab). */
const FALLBACK_MS = 1500;

/**
 * Resolves once the shell's first contentful paint has happened. Work that the first paint does
 * not need (runtime config, federation runtime, home widgets) waits for it, so it never
 * competes with the shell for the network or the main thread.
 */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve, 0);
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(done);
      return;
    }
    const fallback = setTimeout(resolve, FALLBACK_MS);
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      clearTimeout(fallback);
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
