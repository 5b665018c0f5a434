import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../chromium';

export interface RouteChangeFigure {
  remote: string;
  path: string;
  runs: number;
  /** Click → the page's heading rendered, the first time the page is opened in the tab (median, ms). */
  coldMs: number;
  /** The same, opened again after going back home (median, ms). */
  warmMs: number;
  coldRuns: number[];
  warmRuns: number[];
}

interface RouteTarget {
  remote: string;
  path: string;
  heading: string;
  /** Clicks what a player clicks to get there (from any page of the shell). */
  open: (page: Page) => Promise<void>;
}

const mainLink = (name: string) => async (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

export const ROUTE_TARGETS: RouteTarget[] = [
  { remote: 'sports', path: '/Sports', heading: 'Sports', open: mainLink('Sports') },
  { remote: 'lotto', path: '/Lotto', heading: 'Lotto', open: mainLink('Lotto') },
  { remote: 'karera', path: '/Egames', heading: 'E-Games', open: mainLink('E-Games') },
  {
    remote: 'members',
    path: '/members/deposit',
    heading: 'Deposit',
    open: async (page) => {
      // Opening the account menu is not part of the figure: the clock starts at the click on Deposit.
      await page.getByRole('button', { name: /^Account menu for / }).click();
      const deposit = page.getByRole('dialog').getByRole('link', { name: 'Deposit' });
      await deposit.waitFor();
      await page.evaluate(() => (window as unknown as { __armClick: () => void }).__armClick());
      await deposit.click();
    },
  },
];

// In the page: the click's time (capture phase, before the app sees it) and the first frame in
// which the target heading is in the document and visible.
const CLOCK = `
  window.__armClick = () => {
    window.__clickAt = undefined;
    document.addEventListener('click', () => { window.__clickAt = performance.now(); }, { capture: true, once: true });
  };
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timeOpen(page: Page, target: RouteTarget): Promise<number> {
  await page.evaluate(() => (window as unknown as { __armClick: () => void }).__armClick());
  await target.open(page);
  const handle = await page.waitForFunction(
    (name) => {
      const shown = Array.from(document.querySelectorAll('h1')).some((h) => h.textContent?.trim() === name && h.checkVisibility());
      const clickAt = (window as unknown as { __clickAt?: number }).__clickAt;
      return shown && clickAt !== undefined ? performance.now() - clickAt : null;
    },
    target.heading,
    { polling: 'raf', timeout: 30_000 },
  );
  return Math.round((await handle.jsonValue()) ?? Number.NaN);
}

/**
 * The home widgets have drawn their rows. Not "network idle": a signed-in page keeps its account
 * event stream open, so the network never goes idle.
 */
async function homeSettled(page: Page): Promise<void> {
  for (const testId of ['featured-game', 'winner', 'todays-draw']) {
    await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 30_000 });
  }
}

async function goHome(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await homeSettled(page);
}

async function once(browser: Browser, hostUrl: string, session: string, target: RouteTarget): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript((value) => window.localStorage.setItem('root', value), session);
    await context.addInitScript(CLOCK);
    const page = await context.newPage();
    // A player on the home page (its widgets loaded), then the remote's main page for the first time.
    await page.goto(hostUrl);
    await homeSettled(page);
    const cold = await timeOpen(page, target);
    await goHome(page);
    const warm = await timeOpen(page, target);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * Route changes on loopback, signed in, desktop: click → the remote's main page rendered (its
 * heading in a painted frame), cold (first visit in the tab) and warm (again after home), median of `runs`.
 */
export async function measureRouteChanges(hostUrl: string, session: string, runs = 3): Promise<RouteChangeFigure[]> {
  const browser = await chromium.launch(CHROMIUM);
  const figures: RouteChangeFigure[] = [];
  try {
    for (const target of ROUTE_TARGETS) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) samples.push(await once(browser, hostUrl, session, target));
      const coldRuns = samples.map((sample) => sample.cold);
      const warmRuns = samples.map((sample) => sample.warm);
      figures.push({ remote: target.remote, path: target.path, runs, coldMs: median(coldRuns), warmMs: median(warmRuns), coldRuns, warmRuns });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
