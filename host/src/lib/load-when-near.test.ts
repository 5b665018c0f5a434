import { loadWhenNear, resetIdleQueue, whenBrowserIdle } from './load-when-near';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A browser whose idle moments and viewport the test decides. */
function controlledBrowser() {
  const idle: (() => void)[] = [];
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, targets: [], disconnected: false };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  return {
    /** Runs the idle callbacks waiting now (after the promises that register them). */
    idle: async () => {
      await flush();
      idle.splice(0).forEach((run) => run());
    },
    /** The element comes near the viewport. */
    near: (element: Element) => {
      for (const observer of observers) {
        if (observer.disconnected || !observer.targets.includes(element)) continue;
        observer.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
      }
    },
  };
}

/** A load the test finishes when it wants. */
function deferredLoad() {
  let finish: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { start: vi.fn(() => promise), finish };
}


describe('loadWhenNear', () => {
  beforeEach(() => resetIdleQueue());
  afterEach(() => vi.unstubAllGlobals());

  it('starts a load when its element comes near the viewport, before its idle turn', async () => {
    const browser = controlledBrowser();
    const below = document.createElement('div');
    const load = deferredLoad();
    loadWhenNear(below, load.start);
    expect(load.start).not.toHaveBeenCalled();
    browser.near(below);
    expect(load.start).toHaveBeenCalledTimes(1);
    // Its idle turn does not start it a second time.
    await browser.idle();
    expect(load.start).toHaveBeenCalledTimes(1);
  });

  it('loads the rest in idle moments one at a time: the next starts only once the previous has finished', async () => {
    const browser = controlledBrowser();
    const first = deferredLoad();
    const second = deferredLoad();
    loadWhenNear(document.createElement('div'), first.start);
    loadWhenNear(document.createElement('div'), second.start);
    await browser.idle();
    expect(first.start).toHaveBeenCalledTimes(1);
    expect(second.start).not.toHaveBeenCalled();
    await browser.idle();
    expect(second.start).not.toHaveBeenCalled();
    first.finish();
    await flush();
    await browser.idle();
    expect(second.start).toHaveBeenCalledTimes(1);
  });

  it('a cleaned-up load never starts', async () => {
    const browser = controlledBrowser();
    const element = document.createElement('div');
    const load = deferredLoad();
    const cleanup = loadWhenNear(element, load.start);
    cleanup();
    browser.near(element);
    await browser.idle();
    await flush();
    expect(load.start).not.toHaveBeenCalled();
  });

  it('a failed idle load does not stop the queue', async () => {
    const browser = controlledBrowser();
    const after = vi.fn(async () => undefined);
    whenBrowserIdle(() => Promise.reject(new Error('remote down')));
    whenBrowserIdle(after);
    await browser.idle();
    await flush();
    await browser.idle();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('idle loads wait for the page to have loaded', async () => {
    const browser = controlledBrowser();
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    try {
      const load = deferredLoad();
      loadWhenNear(document.createElement('div'), load.start);
      await browser.idle();
      expect(load.start).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('load'));
      await browser.idle();
      expect(load.start).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
  });
});
