import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../chromium';

/** Chrome DevTools' "Slow 3G": 400 kbit/s down and up, 2 s round trips. */
export const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };
/** A mid-range phone's CPU (Lighthouse's mobile profile). */
export const PHONE_CPU_SLOWDOWN = 4;

export interface DeepLinkFigure {
  path: string;
  runs: number;
  /** First contentful paint, median of the runs (ms from navigation). */
  fcpMs: number;
  /** Header, main navigation, footer and the page (or its skeleton) all in the page, median (ms). */
  shellMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

// Runs in the page before its own scripts: notes when the whole shell is first in the document.
const WATCH_SHELL = `
  (() => {
    const done = () =>
      document.querySelector('header') &&
      document.querySelector('nav[aria-label="Main"]') &&
      document.querySelector('footer') &&
      document.querySelector('main')?.children.length;
    const observer = new MutationObserver(() => {
      if (window.__shellAt === undefined && done()) {
        window.__shellAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function once(browser: Browser, url: string, session: string | null): Promise<{ fcpMs: number; shellMs: number }> {
  // A first visit every time: a new context has an empty cache.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (session !== null) await context.addInitScript((value) => window.localStorage.setItem('root', value), session);
    await context.addInitScript(WATCH_SHELL);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0 && (window as unknown as { __shellAt?: number }).__shellAt !== undefined,
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    return await page.evaluate(() => ({
      fcpMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
      shellMs: Math.round((window as unknown as { __shellAt: number }).__shellAt),
    }));
  } finally {
    await context.close();
  }
}

/**
 * Deep links as a player on a phone opens them (Slow 3G, 4× slower CPU, signed in, empty cache):
 * when the first paint happens and when the whole shell is up, per path, median of `runs`.
 */
export async function measureDeepLinks(hostUrl: string, paths: string[], session: string | null, runs = 3): Promise<DeepLinkFigure[]> {
  const browser = await chromium.launch(CHROMIUM);
  const figures: DeepLinkFigure[] = [];
  try {
    for (const path of paths) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) samples.push(await once(browser, `${hostUrl}${path}`, session));
      figures.push({ path, runs, fcpMs: median(samples.map((sample) => sample.fcpMs)), shellMs: median(samples.map((sample) => sample.shellMs)) });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
