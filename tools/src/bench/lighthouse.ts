import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../chromium';

export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU at the start of the run (`environment.benchmarkIndex`;
   * higher is faster). The simulation multiplies the tasks it saw by 4 whatever the CPU, so the same
   * build scores lower on a slower machine: runs from different days compare only beside it. Absent in
   * files written before the bench recorded it.
   */
  benchmarkIndex?: number;
}

export interface LighthouseFigures extends LighthouseRun {
  url: string;
  /** Signed in as the demo player (the page's session in localStorage before it loads). */
  signedIn: boolean;
  runs: number;
  /** Every run, in order; the top-level figures are their medians. */
  each: LighthouseRun[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** A first visit each run: no HTTP cache; the session (if any) in place before the page loads. */
async function prepare(page: Page, origin: string, session: string | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // A file of the site, not the app: the session is written before any of the site's code runs.
  await page.goto(`${origin}/remotes.json`);
  await page.evaluate((value) => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (value !== null) window.localStorage.setItem('root', value);
  }, session);
  await cdp.detach();
}

/**
 * Lighthouse 12 (mobile profile: simulated slow 4G and a 4× slower CPU, phone screen) on `url`,
 * `runs` times in Debian's Chromium driven over its debugging port; the median of each figure, and
 * every run. With `session`, each run starts signed in: Lighthouse then keeps storage (it would
 * sign the player out), and the HTTP cache is cleared here instead, so every run is a first visit.
 */
export async function measureLighthouse(url: string, { runs = 5, session = null, port = 9333 }: { runs?: number; session?: string | null; port?: number } = {}): Promise<LighthouseFigures> {
  const browser = await chromium.launchPersistentContext('', { ...CHROMIUM, args: [...CHROMIUM.args, `--remote-debugging-port=${port}`] });
  const each: LighthouseRun[] = [];
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    for (let run = 0; run < runs; run += 1) {
      if (session !== null) await prepare(page, new URL(url).origin, session);
      const result = await lighthouse(url, { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: session !== null });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      each.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        fcpMs: Math.round(audit('first-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  } finally {
    await browser.close();
  }
  return {
    url,
    signedIn: session !== null,
    runs,
    each,
    performance: median(each.map((r) => r.performance)),
    lcpMs: median(each.map((r) => r.lcpMs)),
    fcpMs: median(each.map((r) => r.fcpMs)),
    tbtMs: median(each.map((r) => r.tbtMs)),
    cls: median(each.map((r) => r.cls)),
    benchmarkIndex: median(each.map((r) => r.benchmarkIndex ?? Number.NaN)),
  };
}
