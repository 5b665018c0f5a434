// Below-the-fold work (home widgets) starts when its place comes near the viewport, or when the
// browser has nothing else to do — one piece at a time, so the work after the first paint is
// never one burst of downloads and long tasks (docs/decisions/091).

/** How far outside the viewport a widget's place starts loading it: a flick of the thumb ahead. */
export const NEAR_VIEWPORT_MARGIN = '300px 0px';

/** Idle loads wait at most this long for an idle moment (a busy page still gets its widgets). */
export const IDLE_TIMEOUT_MS = 2_000;

/** The idle queue moves on after this long even if a load hangs (a remote that never answers). */
export const IDLE_TASK_CAP_MS = 8_000;

type Task = () => Promise<unknown>;

interface QueuedTask {
  run: Task;
  cancelled: boolean;
}

interface IdleQueue {
  pending: QueuedTask[];
  running: boolean;
}

const queue: IdleQueue = { pending: [], running: false };

/** Resolves once the page's own load is over (the `load` event): idle loads never compete with it. */
export function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function whenIdle(run: () => void): void {
  void pageLoaded().then(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 200);
  });
}

function runNext(): void {
  if (queue.running) return;
  const next = queue.pending.shift();
  if (!next) return;
  queue.running = true;
  const done = () => {
    queue.running = false;
    runNext();
  };
  whenIdle(() => {
    if (next.cancelled) return done();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, IDLE_TASK_CAP_MS);
    });
    void Promise.race([next.run().catch(() => undefined), cap]).then(() => {
      clearTimeout(timer);
      done();
    });
  });
}

/**
 * Runs `task` in an idle moment once the page has loaded, after every task queued before it has
 * finished: one idle load at a time. Returns a function that cancels the task if it has not started.
 */
export function whenBrowserIdle(task: Task): () => void {
  const queued: QueuedTask = { run: task, cancelled: false };
  queue.pending.push(queued);
  runNext();
  return () => {
    queued.cancelled = true;
    const index = queue.pending.indexOf(queued);
    if (index >= 0) queue.pending.splice(index, 1);
  };
}

/**
 * Calls `start` once, when `element` comes within NEAR_VIEWPORT_MARGIN of the viewport or when
 * its turn in the idle queue comes, whichever is first. `start` returns the load's promise, so the
 * idle queue moves on only when that load has finished. Returns the cleanup.
 */
export function loadWhenNear(element: Element, start: () => Promise<unknown>): () => void {
  let started: Promise<unknown> | null = null;
  const begin = () => {
    started ??= start();
    return started;
  };
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer?.disconnect();
            void begin();
          },
          { rootMargin: NEAR_VIEWPORT_MARGIN },
        )
      : null;
  observer?.observe(element);
  const dequeue = whenBrowserIdle(() => {
    observer?.disconnect();
    return begin();
  });
  return () => {
    observer?.disconnect();
    dequeue();
  };
}

/** For tests: forgets queued tasks. */
export function resetIdleQueue(): void {
  queue.pending.length = 0;
  queue.running = false;
}
