import type { RemoteRegistry } from '@suwerte/federation';
import { TEST_CONFIG, setRuntimeConfig } from '@suwerte/shared/testing';
import type { ReleaseChoice } from './release-choice';
import { landingPageCode, resetLandingPage } from '../../lib/landing-page';
import { resetVitals, vitalsReport, watchPageVitals, type MeasuredVital } from './vitals';

const REGISTRY: RemoteRegistry = {
  remotes: {
    lotto: { entry: 'http://localhost:3002/1.0.0/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'], canary: { entry: 'http://localhost:3002/1.1.0/mf-manifest.json', share: 10 } },
    sports: { entry: 'http://localhost:3003/1.0.0/mf-manifest.json', routes: ['/Sports'] },
  },
};
const CANARY: ReleaseChoice = { entry: 'http://localhost:3002/1.1.0/mf-manifest.json', release: '1.1.0', canary: true, override: false };
const TAG = { remote: 'lotto', release: '1.1.0', canary: true, route: '/Lotto' } as const;

/** web-vitals as a page measures it: each callback called with the metrics given. */
function measuring(metrics: MeasuredVital[]) {
  const watched: string[] = [];
  const watch = (name: string) => (report: (metric: MeasuredVital) => void) => {
    watched.push(name);
    for (const metric of metrics.filter((each) => each.name === name)) report(metric);
  };
  return { watched, measure: async () => ({ onLCP: watch('LCP'), onINP: watch('INP'), onCLS: watch('CLS') }) };
}

function landOn(path: string) {
  window.history.replaceState(null, '', path);
}

const sentBodies = (send: ReturnType<typeof vi.fn>) => send.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe('real players’ vitals', () => {
  beforeEach(() => {
    resetVitals();
    setRuntimeConfig({ ...TEST_CONFIG, vitals: { sampleRate: 1 } });
    // A deep link (each test's address) whose warm-up has handed over the page's code (what the vitals
    // library waits for, with a paint).
    resetLandingPage();
    landingPageCode(Promise.resolve());
  });
  afterEach(() => landOn('/'));

  it('turns a measurement into a report, rounded, or drops one the API would refuse', () => {
    expect(vitalsReport(TAG, { name: 'LCP', value: 2310.46 })).toEqual({ ...TAG, metric: 'LCP', value: 2310 });
    expect(vitalsReport(TAG, { name: 'CLS', value: 0.051234 })).toEqual({ ...TAG, metric: 'CLS', value: 512 });
    expect(vitalsReport(TAG, { name: 'INP', value: 0 })).toEqual({ ...TAG, metric: 'INP', value: 0 });
    for (const metric of [{ name: 'FCP', value: 900 }, { name: 'LCP', value: -1 }, { name: 'LCP', value: Number.NaN }, { name: 'LCP', value: 600_000 }, { name: 'CLS', value: 250 }]) {
      expect(vitalsReport(TAG, metric), JSON.stringify(metric)).toBeNull();
    }
  });

  it('reports LCP, INP and CLS of a page loaded at the remote’s route, with its release and route prefix only', async () => {
    landOn('/Lotto/results?ticket=123#top');
    const send = vi.fn(async () => Response.json({ accepted: true }, { status: 202 }));
    const { measure, watched } = measuring([
      { name: 'LCP', value: 2310.4 },
      { name: 'INP', value: 184 },
      { name: 'CLS', value: 0.05 },
    ]);
    watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0.99 });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(watched).toEqual(['LCP', 'INP', 'CLS']);
    expect(sentBodies(send)).toEqual([
      { ...TAG, metric: 'LCP', value: 2310 },
      { ...TAG, metric: 'INP', value: 184 },
      { ...TAG, metric: 'CLS', value: 500 },
    ]);
    for (const [url, init] of send.mock.calls as unknown as [string, RequestInit][]) {
      expect(url).toBe('http://api.test/telemetry/vitals');
      // Nothing about the player: no cookie, no token.
      expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
      expect(new Headers(init.headers).has('authorization')).toBe(false);
    }
    // Once per page: the same remote loaded again (another page of it) measures nothing more.
    watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watched).toEqual(['LCP', 'INP', 'CLS']);
  });

  it('measures only a sample of page loads (runtime config vitals.sampleRate)', async () => {
    landOn('/Lotto');
    setRuntimeConfig({ ...TEST_CONFIG, vitals: { sampleRate: 0.1 } });
    const send = vi.fn(async () => Response.json({ accepted: true }, { status: 202 }));
    const { measure, watched } = measuring([{ name: 'LCP', value: 1000 }]);
    watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0.1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watched).toEqual([]);
    resetVitals();
    watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0.0999 });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it('measures nothing for a page loaded elsewhere, nor for a release this browser alone tries', async () => {
    const send = vi.fn(async () => Response.json({ accepted: true }, { status: 202 }));
    const { measure, watched } = measuring([{ name: 'LCP', value: 1000 }]);
    // Landed on the home page (the shell's numbers), then on /Sports for lotto's widget.
    for (const path of ['/', '/Sports']) {
      landOn(path);
      watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0 });
    }
    landOn('/Lotto');
    watchPageVitals(REGISTRY, 'lotto', { ...CANARY, release: '1.2.0', canary: false, override: true }, { send, measure, random: () => 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watched).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('never throws when measuring or sending fails', async () => {
    landOn('/Lotto');
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { measure } = measuring([{ name: 'LCP', value: 1000 }]);
    watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure, random: () => 0 });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    resetVitals();
    expect(() => watchPageVitals(REGISTRY, 'lotto', CANARY, { send, measure: () => Promise.reject(new Error('chunk gone')), random: () => 0 })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
