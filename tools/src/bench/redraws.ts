import { chromium } from '@playwright/test';
import { CHROMIUM } from '../chromium';

export interface RedrawFigure {
  path: string;
  /** How long the page was watched once it had settled. */
  watchedMs: number;
  /** React commits while it was watched, per second. */
  commitsPerSecond: number;
  /** Components React drew (called) while it was watched, per second. */
  componentsPerSecond: number;
}

/**
 * Counts, through the hook React calls on every commit (the one its developer tools use), the
 * components each commit drew: a component counts when its props or state are not those it had
 * at the last commit React reported. Installed before any of the site's code runs.
 */
const COUNTER = `(() => {
  const seen = new WeakMap();
  const commits = [];
  window.__suwerteCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onCommitFiberRoot(_id, root) {
      let drawn = 0;
      const visit = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          const previous = seen.get(fiber) || (fiber.alternate && seen.get(fiber.alternate));
          const state = { props: fiber.memoizedProps, state: fiber.memoizedState };
          seen.set(fiber, state);
          if (fiber.alternate) seen.set(fiber.alternate, state);
          const isComponent = typeof fiber.type === 'function' || (fiber.type !== null && typeof fiber.type === 'object');
          if (isComponent && (!previous || previous.props !== state.props || previous.state !== state.state)) drawn += 1;
          visit(fiber.child);
        }
      };
      visit(root.current.child);
      commits.push({ at: performance.now(), drawn });
    },
  };
})();`;

/**
 * What a page the player leaves open costs: signed in, each page is loaded, given `settleMs` to
 * load its data and finish its entrance animations, then watched for `watchMs`. A page whose clock
 * redraws everything around it every second shows here; figures, never a timed test.
 */
export async function measureRedraws(hostUrl: string, session: string, paths: string[], { settleMs = 6_000, watchMs = 10_000 } = {}): Promise<RedrawFigure[]> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const figures: RedrawFigure[] = [];
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${hostUrl}/remotes.json`);
      await page.evaluate((value) => window.localStorage.setItem('root', value), session);
      await page.addInitScript({ content: COUNTER });
      await page.goto(`${hostUrl}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(settleMs);
      const from = await page.evaluate(() => performance.now());
      await page.waitForTimeout(watchMs);
      const { to, commits } = await page.evaluate(() => ({
        to: performance.now(),
        commits: (window as unknown as { __suwerteCommits: { at: number; drawn: number }[] }).__suwerteCommits,
      }));
      await context.close();
      if (commits.length === 0) throw new Error(`${path}: React reported no commit (was the counter installed before the site's code?)`);
      const watched = commits.filter((commit) => commit.at >= from && commit.at <= to);
      const seconds = (to - from) / 1000;
      figures.push({
        path,
        watchedMs: Math.round(to - from),
        commitsPerSecond: Number((watched.length / seconds).toFixed(1)),
        componentsPerSecond: Math.round(watched.reduce((sum, commit) => sum + commit.drawn, 0) / seconds),
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
