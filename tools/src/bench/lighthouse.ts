import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  /**
   * The CPU slowdown this run simulated: the machine's index (measured just before) ÷ 775, the
   * effective index of Lighthouse's default 4× on the ~3,100-index machine of the earlier figures,
   * so every machine simulates the same phone. Absent in files written before the bench calibrated.
   */
  cpuMultiplier?: number;
}

/** The pages Lighthouse judges and the score each must reach (median of 5). */
export const LIGHTHOUSE_PAGES: readonly { path: string; signedIn: boolean; minimum: number }[] = [
  { path: '/', signedIn: false, minimum: 97 },
  { path: '/Lotto', signedIn: true, minimum: 90 },
  { path: '/Sports', signedIn: true, minimum: 90 },
  { path: '/VideoKarera', signedIn: true, minimum: 90 },
  { path: '/members/deposit', signedIn: true, minimum: 90 },
];

/** Lighthouse's default 4× on a ~3,100-index machine: the phone every run simulates. */
export const PHONE_BENCHMARK_INDEX = 775;

/** The CPU slowdown that turns a machine of `benchmarkIndex` into that phone (never below 1). */
export function calibratedMultiplier(benchmarkIndex: number): number {
  return Math.max(1, Number((benchmarkIndex / PHONE_BENCHMARK_INDEX).toFixed(2)));
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
 * Lighthouse 12 (mobile profile: simulated slow 4G, phone screen, and the CPU slowdown that makes
 * this machine the profile's phone: `calibratedMultiplier`) on `url`, `runs` times in Debian's Chromium driven over its debugging port; the median of each figure, and
 * every run. With `session`, each run starts signed in: Lighthouse then keeps storage (it would
 * sign the player out), and the HTTP cache is cleared here instead, so every run is a first visit.
 */
/**
 * With `BENCH_LIGHTHOUSE_REPORTS=<folder>`, each scored run's whole report is written there as JSON
 * (`lotto-1.json`…): its long tasks, each script's evaluation time and the LCP element's chain are
 * what explain a score; the bench prints only the figures.
 */
function saveReport(url: string, run: number, report: unknown): void {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = new URL(url).pathname.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'home';
  writeFileSync(path.join(folder, `${name}-${run + 1}.json`), JSON.stringify(report));
}

export async function measureLighthouse(url: string, { runs = 5, session = null, port = 9333 }: { runs?: number; session?: string | null; port?: number } = {}): Promise<LighthouseFigures> {
  const browser = await chromium.launchPersistentContext('', { ...CHROMIUM, args: [...CHROMIUM.args, `--remote-debugging-port=${port}`] });
  const each: LighthouseRun[] = [];
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const runLighthouse = async (cpuSlowdownMultiplier: number) => {
      if (session !== null) await prepare(page, new URL(url).origin, session);
      const result = await lighthouse(url, {
        port,
        output: 'json',
        onlyCategories: ['performance'],
        logLevel: 'error',
        disableStorageReset: session !== null,
        // Merged into the mobile profile's throttling: its slow 4G stays; the CPU slowdown is calibrated.
        throttling: { cpuSlowdownMultiplier },
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      return lhr;
    };
    // A first run only to read the machine's index (Lighthouse measures it at the start of each run);
    // each scored run then uses the index the run before it measured.
    let benchmarkIndex = (await runLighthouse(4)).environment.benchmarkIndex;
    for (let run = 0; run < runs; run += 1) {
      const cpuMultiplier = calibratedMultiplier(benchmarkIndex);
      const lhr = await runLighthouse(cpuMultiplier);
      benchmarkIndex = lhr.environment.benchmarkIndex;
      saveReport(url, run, lhr);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      each.push({
        cpuMultiplier,
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
    cpuMultiplier: median(each.map((r) => r.cpuMultiplier ?? Number.NaN)),
  };
}
