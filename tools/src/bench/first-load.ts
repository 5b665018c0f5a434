import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../chromium';

export interface FileGroupBytes {
  group: string;
  files: number;
  gzipBytes: number;
}

export interface FirstLoadFigures {
  beforeFirstPaint: FileGroupBytes[];
  untilNetworkIdle: FileGroupBytes[];
  firstContentfulPaintMs: number;
  cssBeforeFirstPaintGzip: number;
  /** Each remote's `remoteEntry.js` as its server sends it (gzip), loaded on / or not. */
  remoteEntries: { remote: string; gzipBytes: number }[];
  /** Signed-in deep links: what each fetched before its page's heading showed (absent in results taken before it was measured). */
  deepLinks?: DeepLinkBytes[];
}

/** What a signed-in deep link fetched (gzip, as served) from navigation until its page's heading showed. */
export interface DeepLinkBytes {
  path: string;
  /** Scripts, stylesheets and API answers: their files and bytes. */
  js: { files: number; gzipBytes: number };
  css: { files: number; gzipBytes: number };
  data: { files: number; gzipBytes: number };
}

/** The deep links a signed-in player opens most, with the heading that says the page is there. */
export const DEEP_LINKS = [
  { path: '/Lotto', heading: 'Lotto' },
  { path: '/Sports', heading: 'Sports' },
  { path: '/VideoKarera', heading: 'Video Karera' },
  { path: '/members/deposit', heading: 'Deposit' },
] as const;

/** Each remote's remoteEntry.js, fetched from its server and gzipped as the servers do (level 6). */
async function remoteEntrySizes(origins: Record<string, string>): Promise<FirstLoadFigures['remoteEntries']> {
  const remotes = Object.entries(origins).filter(([name]) => name !== 'host');
  return Promise.all(
    remotes.map(async ([remote, origin]) => {
      const response = await fetch(`${origin}/remoteEntry.js`);
      if (!response.ok) throw new Error(`${origin}/remoteEntry.js answered HTTP ${response.status}`);
      return { remote, gzipBytes: gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length };
    }),
  );
}

/** Which part of the site a script belongs to, for the per-group figures. */
function groupOf(url: URL, origins: Record<string, string>): string {
  const owner = Object.entries(origins).find(([, origin]) => url.origin === origin)?.[0] ?? url.origin;
  const file = url.pathname.split('/').pop() ?? '';
  // The shell is index.html's two scripts: main and React DOM (docs/decisions/239).
  if (owner === 'host') return /^(?:main|react-dom)\./.test(file) ? 'host: shell (main, react-dom)' : 'host: lazy chunks';
  if (file === 'remoteEntry.js') return `${owner}: remoteEntry`;
  return `${owner}: chunks`;
}

function summarise(entries: { group: string; bytes: number }[]): FileGroupBytes[] {
  const groups = new Map<string, FileGroupBytes>();
  for (const { group, bytes } of entries) {
    const current = groups.get(group) ?? { group, files: 0, gzipBytes: 0 };
    current.files += 1;
    current.gzipBytes += bytes;
    groups.set(group, current);
  }
  return [...groups.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * Loads `/` as a first-time visitor in Chromium and measures the JavaScript it downloads
 * (gzip level 6, as the servers send it): before the first contentful paint, and until the
 * network is idle (home widgets from remotes load after the paint).
 */
export async function measureFirstLoad(hostUrl: string, origins: Record<string, string>, session: string): Promise<FirstLoadFigures> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bodies = new Map<string, number>();
    page.on('response', async (response) => {
      const url = response.url();
      if (!/\.(js|css)(\?|$)/.test(new URL(url).pathname)) return;
      try {
        bodies.set(url, gzipSync(await response.body(), { level: 6 }).length);
      } catch {
        // a response without a body (redirect) carries no bytes
      }
    });
    await page.goto(hostUrl, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const resources = performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
      return { fcp, resources };
    });
    const scripts = (before: boolean) =>
      timing.resources
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .filter((entry) => (before ? entry.startTime < timing.fcp : true))
        .map((entry) => ({ group: groupOf(new URL(entry.name), origins), bytes: bodies.get(entry.name) ?? 0 }));
    const css = timing.resources
      .filter((entry) => new URL(entry.name).pathname.endsWith('.css') && entry.startTime < timing.fcp)
      .reduce((sum, entry) => sum + (bodies.get(entry.name) ?? 0), 0);
    // The HTML's own script tags start before any paint even if the entry is recorded late.
    return {
      beforeFirstPaint: summarise(scripts(true)),
      untilNetworkIdle: summarise(scripts(false)),
      firstContentfulPaintMs: Math.round(timing.fcp),
      cssBeforeFirstPaintGzip: css,
      remoteEntries: await remoteEntrySizes(origins),
      deepLinks: await measureDeepLinkBytes(browser, hostUrl, session),
    };
  } finally {
    await browser.close();
  }
}

// Runs in the page before its own scripts: notes when an h1 with the given text is first visible.
const WATCH_HEADING = (heading: string) => `
  (() => {
    const check = () => {
      if (window.__headingAt !== undefined) return;
      const shown = Array.from(document.querySelectorAll('h1')).some((h) => h.textContent?.trim() === ${JSON.stringify(heading)} && h.checkVisibility());
      if (shown) window.__headingAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

/**
 * Opens each of DEEP_LINKS signed in, first visit (empty cache, desktop, no throttling), and counts
 * what the page fetched (gzip level 6, as the servers send it) before its heading was visible: the
 * scripts, stylesheets and API answers whose requests started before that frame.
 */
async function measureDeepLinkBytes(browser: Browser, hostUrl: string, session: string): Promise<DeepLinkBytes[]> {
  const figures: DeepLinkBytes[] = [];
  for (const { path, heading } of DEEP_LINKS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addInitScript((value) => window.localStorage.setItem('root', value), session);
      await context.addInitScript(WATCH_HEADING(heading));
      const page = await context.newPage();
      const bodies = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'eventsource') return;
        try {
          bodies.set(response.url(), gzipSync(await response.body(), { level: 6 }).length);
        } catch {
          // a response without a body (redirect, a stream still open) carries no bytes
        }
      });
      await page.goto(`${hostUrl}${path}`);
      await page.waitForFunction(() => (window as unknown as { __headingAt?: number }).__headingAt !== undefined, undefined, { timeout: 60_000 });
      // Let the responses that started before the heading finish arriving.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const resources = await page.evaluate(() => {
        const shownAt = (window as unknown as { __headingAt: number }).__headingAt;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < shownAt)
          .map((entry) => ({ name: entry.name, type: (entry as PerformanceResourceTiming).initiatorType }));
      });
      const sum = (filter: (entry: { name: string; type: string }) => boolean) => {
        const chosen = resources.filter(filter);
        return { files: chosen.length, gzipBytes: chosen.reduce((total, entry) => total + (bodies.get(entry.name) ?? 0), 0) };
      };
      const pathOf = (entry: { name: string }) => new URL(entry.name).pathname;
      figures.push({
        path,
        js: sum((entry) => pathOf(entry).endsWith('.js')),
        css: sum((entry) => pathOf(entry).endsWith('.css')),
        data: sum((entry) => !/\.(js|css|svg|png|jpe?g|webp|woff2?)$/.test(pathOf(entry))),
      });
    } finally {
      await context.close();
    }
  }
  return figures;
}
