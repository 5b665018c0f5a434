import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
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
}

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
  if (owner === 'host') return file.startsWith('main.') ? 'host: main (shell)' : 'host: lazy chunks';
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
export async function measureFirstLoad(hostUrl: string, origins: Record<string, string>): Promise<FirstLoadFigures> {
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
    };
  } finally {
    await browser.close();
  }
}
