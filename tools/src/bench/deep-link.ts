import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../chromium';

/**
 * The connection of Lighthouse's mobile profile (its "slow 4G"), applied to the browser's own
 * network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. No CPU slowdown: this part measures
 * the chain of requests (Lighthouse, calibrated to the machine, judges the CPU).
 */
export const PHONE_NETWORK = { rttMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000 } as const;

/** The pages a signed-in player lands on from a bookmark or a reload. */
export const DEEP_LINK_PATHS = ['/Lotto', '/Sports', '/VideoKarera', '/members/deposit'];

/** The part's targets, by name (the README's table finds them by it). */
export const DEEP_LINK_TARGETS = {
  heading: 'slowest page: heading shown ≤ 2,000 ms',
  bytes: 'each page: ≤ 280 KB before its heading',
  ratio: 'each page: ratio to the floor ≤ 1.15',
} as const;

export interface DeepLinkRun {
  /** Navigation → the page's own heading (its `h1` in `main`) drawn, ms. */
  headingMs: number;
  /** Bytes over the wire (headers and compressed bodies) of the requests finished before then. */
  bytes: number;
  /** Requests finished before then (the document, scripts, styles, JSON, the page's API calls). */
  requests: number;
  /**
   * Navigation → the largest contentful paint as Chromium reports it, read 2 s after the heading:
   * the page with its data (a jackpot, the payment options), which the heading does not wait for.
   */
  largestPaintMs: number;
}

export interface DeepLinkFigure extends DeepLinkRun {
  path: string;
  runs: number;
  /** The floor for that many bytes on that connection: 2 round trips + bytes ÷ bandwidth, ms. */
  floorMs: number;
  /** headingMs ÷ floorMs. */
  ratio: number;
  /** Every run, in order; the top-level figures are the median run's (by heading time). */
  each: DeepLinkRun[];
}

/** 2 round trips (connection and request) plus the bytes at the link's bandwidth: no page on this connection can show sooner. */
export function floorMs(bytes: number, network: { rttMs: number; downBitsPerSecond: number } = PHONE_NETWORK): number {
  return 2 * network.rttMs + ((bytes * 8) / network.downBitsPerSecond) * 1000;
}

/** The run whose heading time is the median one (its bytes and requests come with it). */
export function medianRun(runs: DeepLinkRun[]): DeepLinkRun {
  const sorted = [...runs].sort((a, b) => a.headingMs - b.headingMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}

// Runs in the page before its own scripts: the moment the page's heading is first drawn (the
// animation frame after it enters the document, i.e. the frame that paints it).
const WATCH_HEADING = `
  (() => {
    const observer = new MutationObserver(() => {
      if (window.__headingAt !== undefined || !document.querySelector('main h1')) return;
      window.__headingAt = null;
      observer.disconnect();
      requestAnimationFrame(() => { window.__headingAt = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

// The page's largest contentful paint so far (Chromium's own measure), kept where the bench reads it.
const WATCH_LARGEST_PAINT = `
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__largestPaintAt = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

// `BENCH_FRAMES=1`: the page's long animation frames (Chromium's own attribution of its main
// thread: which scripts ran, and the frame's style, layout and paint), to see what the CPU does
// between the last byte and the heading.
const WATCH_FRAMES = `
  window.__frames = [];
  new PerformanceObserver((list) => { window.__frames.push(...list.getEntries()); }).observe({ type: 'long-animation-frame', buffered: true });
`;

interface FrameScript {
  sourceURL: string;
  invoker: string;
  duration: number;
}

interface Frame {
  startTime: number;
  duration: number;
  renderStart: number;
  scripts: FrameScript[];
}

function printFrames(url: string, headingMs: number, frames: Frame[]): void {
  console.info(`  long frames of ${url} before the heading (${Math.round(headingMs)} ms): start, duration (render part), scripts`);
  for (const frame of frames.filter((each) => each.startTime <= headingMs)) {
    const render = frame.renderStart > 0 ? Math.round(frame.startTime + frame.duration - frame.renderStart) : 0;
    const scripts = frame.scripts.map((script) => `${script.sourceURL.split('/').pop() ?? ''} ${script.invoker.slice(0, 40)} ${Math.round(script.duration)}`).join('; ');
    console.info(`    ${String(Math.round(frame.startTime)).padStart(5)} ${String(Math.round(frame.duration)).padStart(4)} ms (${render})  ${scripts}`);
  }
}

/** How long after the heading the largest paint is read: the page's data has come by then on this connection. */
const LARGEST_PAINT_SETTLE_MS = 2_000;

interface Finished {
  /** CDP monotonic seconds. */
  at: number;
  bytes: number;
}

/** `BENCH_WATERFALL=1`: each request of a run, when it was sent and when it finished (ms from navigation), to see the chain. */
function printWaterfall(url: string, start: number, headingMs: number, sent: Map<string, { at: number; url: string }>, finished: Map<string, Finished>): void {
  const ms = (at: number) => Math.round((at - start) * 1000);
  console.info(`  waterfall of ${url} (heading at ${Math.round(headingMs)} ms): sent → finished ms, KB, file`);
  const rows = [...sent.entries()].sort(([, a], [, b]) => a.at - b.at);
  for (const [id, request] of rows) {
    const done = finished.get(id);
    const name = request.url.replace(/^https?:\/\/[^/]+/, '');
    console.info(`    ${String(ms(request.at)).padStart(5)} → ${done ? String(ms(done.at)).padStart(5) : '    …'}  ${done ? (done.bytes / 1024).toFixed(1).padStart(6) : '      '}  ${request.url.split('/')[2] ?? ''}${name.length > 90 ? `${name.slice(0, 90)}…` : name}`);
  }
}

async function once(browser: Browser, url: string, session: string | null): Promise<DeepLinkRun> {
  // A first visit every time: a new context has an empty cache.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (session !== null) await context.addInitScript((value) => window.localStorage.setItem('root', value), session);
    await context.addInitScript(WATCH_HEADING);
    await context.addInitScript(WATCH_LARGEST_PAINT);
    if (process.env.BENCH_FRAMES) await context.addInitScript(WATCH_FRAMES);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_NETWORK.rttMs,
      downloadThroughput: PHONE_NETWORK.downBitsPerSecond / 8,
      uploadThroughput: PHONE_NETWORK.upBitsPerSecond / 8,
    });
    const finished = new Map<string, Finished>();
    const sent = new Map<string, { at: number; url: string }>();
    let documentSentAt: number | null = null;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (documentSentAt === null && event.type === 'Document') documentSentAt = event.timestamp;
      if (!sent.has(event.requestId)) sent.set(event.requestId, { at: event.timestamp, url: event.request.url });
    });
    cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, { at: event.timestamp, bytes: event.encodedDataLength }));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof (window as unknown as { __headingAt?: number | null }).__headingAt === 'number', undefined, { timeout: 60_000, polling: 100 });
    const headingMs = await page.evaluate(() => (window as unknown as { __headingAt: number }).__headingAt);
    if (documentSentAt === null) throw new Error(`${url}: the document's request was not seen`);
    // The page's clock starts at navigation, a hair before the document's request is sent.
    const until = documentSentAt + headingMs / 1000;
    const before = [...finished.values()].filter((request) => request.at <= until);
    if (process.env.BENCH_WATERFALL) printWaterfall(url, documentSentAt, headingMs, sent, finished);
    if (process.env.BENCH_FRAMES) {
      const frames = await page.evaluate(() =>
        (window as unknown as { __frames: Frame[] }).__frames.map((frame) => ({
          startTime: frame.startTime,
          duration: frame.duration,
          renderStart: frame.renderStart,
          scripts: frame.scripts.map((script) => ({ sourceURL: script.sourceURL, invoker: script.invoker, duration: script.duration })),
        })),
      );
      printFrames(url, headingMs, frames);
    }
    await page.waitForTimeout(LARGEST_PAINT_SETTLE_MS);
    const largestPaintMs = await page.evaluate(() => (window as unknown as { __largestPaintAt?: number }).__largestPaintAt ?? Number.NaN);
    return { headingMs: Math.round(headingMs), bytes: before.reduce((sum, request) => sum + request.bytes, 0), requests: before.length, largestPaintMs: Math.round(largestPaintMs) };
  } finally {
    await context.close();
  }
}

/**
 * Deep links as a signed-in player on a phone opens them from a bookmark (Lighthouse's mobile
 * connection, empty cache, session in storage): when the page's heading shows, what was fetched
 * before it, and how far that is from the floor for those bytes; per path, median of `runs`.
 */
export async function measureDeepLinks(hostUrl: string, paths: string[], session: string | null, runs = 3): Promise<DeepLinkFigure[]> {
  const browser = await chromium.launch(CHROMIUM);
  const figures: DeepLinkFigure[] = [];
  try {
    for (const path of paths) {
      const each: DeepLinkRun[] = [];
      for (let run = 0; run < runs; run += 1) each.push(await once(browser, `${hostUrl}${path}`, session));
      const median = medianRun(each);
      const floor = floorMs(median.bytes);
      figures.push({ path, runs, ...median, floorMs: Math.round(floor), ratio: Number((median.headingMs / floor).toFixed(2)), each });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
