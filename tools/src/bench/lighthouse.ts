import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../chromium';

export interface LighthouseFigures {
  url: string;
  runs: number;
  /** Median of the runs. */
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Lighthouse 12 (mobile profile: throttled CPU and network, phone screen) on `url`, median of
 * `runs`, in Debian's Chromium driven over its debugging port.
 */
export async function measureLighthouse(url: string, runs = 3, port = 9333): Promise<LighthouseFigures> {
  const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, `--remote-debugging-port=${port}`] });
  const results: Omit<LighthouseFigures, 'url' | 'runs'>[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        fcpMs: Math.round(audit('first-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      });
    }
  } finally {
    await browser.close();
  }
  return {
    url,
    runs,
    performance: median(results.map((r) => r.performance)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    fcpMs: median(results.map((r) => r.fcpMs)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    cls: median(results.map((r) => r.cls)),
  };
}
