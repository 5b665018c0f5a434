import type { Page } from '@playwright/test';
import type { StaticServer } from '@suwerte/tools/serve-static';
import { featuredGames, sportsEndpoints, type ScheduledGame } from '@suwerte/contracts';
import { fundPlayer, hostUrl, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { serveHostWithRemoteAt, sitePorts } from '../../support/moved-remote-host';

const SECTIONS = ['Featured Basketball Games', 'SUWERTE E-GAMES', 'Lotto Today', 'Winners Circle'];

test('the home page shows all five sections: the posters, featured games, e-games, lotto today and the winners', async ({ page }) => {
  // The lists are the ones the page itself received: other workers' bets settle and the demo's games
  // end while this test runs, so a list fetched by the test a moment earlier can differ.
  const listFrom = <T,>(path: string) =>
    page
      .waitForResponse((response) => new URL(response.url()).pathname === path && response.ok())
      .then(async (response) => (await response.json()) as T[]);
  const scheduleReceived = listFrom<ScheduledGame>(sportsEndpoints.schedule.path);
  const biggestReceived = listFrom<unknown>(sportsEndpoints.biggestWinners.path);
  const todaysReceived = listFrom<unknown>(sportsEndpoints.todaysWinners.path);
  await page.goto(hostUrl());
  const [biggest, todays] = await Promise.all([biggestReceived, todaysReceived]);
  const featured = featuredGames(await scheduleReceived);
  await expect(page.getByRole('region', { name: 'Featured games', exact: true })).toBeVisible();
  for (const name of SECTIONS) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  const games = page.getByRole('region', { name: 'Featured Basketball Games' });
  await expect(games.getByTestId('featured-game')).toHaveCount(featured.length);
  expect(featured.length).toBe(6);
  await expect(games.getByTestId('featured-game').first()).toContainText(`${featured[0]?.Team1.TeamName} vs ${featured[0]?.Team2.TeamName}`);

  const winners = page.getByRole('region', { name: 'Winners Circle' });
  await expect(winners.getByRole('list', { name: 'Biggest Winners' }).getByTestId('winner')).toHaveCount(Math.min(5, biggest.length));
  await expect(winners.getByRole('list', { name: 'Todays Winners' }).getByTestId('winner')).toHaveCount(todays.length);
  // Names as the server masked them: three letters and stars, never a username.
  for (const name of await winners.getByTestId('winner-name').allTextContents()) expect(name).toMatch(/^[^*]{1,3}\*{5}$/);
  const list = winners.getByTestId('winners-scroll').first();
  expect((await list.boundingBox())?.height ?? 0).toBeLessThanOrEqual(500);

  await winners.getByRole('button', { name: 'View All Winners' }).click();
  const all = page.getByRole('dialog', { name: 'ALL BIGGEST WINNER' });
  await expect(all.getByTestId('winner')).toHaveCount(biggest.length);
  await page.keyboard.press('Escape');

  await games.getByRole('link', { name: 'View All basketball games' }).click();
  // /Sports is protected: a visitor is asked to sign in.
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
});

/** The scripts a page has loaded (resource timing) whose code contains `marker`. */
async function scriptsWith(page: Page, marker: string): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  expect(urls.length).toBeGreaterThan(5);
  const bodies = await Promise.all(urls.map(async (url) => ({ url, body: await (await page.request.get(url)).text() })));
  return bodies.filter(({ body }) => body.includes(marker)).map(({ url }) => url);
}

// The dialog is a chunk of remote-sports, and the parts of @suwerte/shared it imports (Mantine's
// Modal, its scroll lock, its close button) load with it (docs/decisions/139): the home page does not
// download them for a list most visitors never open. `data-scroll-locked` is the scroll lock's own
// attribute, in its code and nowhere else.
test("ALL BIGGEST WINNER's code loads when a player opens it, not with the home page", async ({ page, network }) => {
  await page.goto(hostUrl());
  const winners = page.getByRole('region', { name: 'Winners Circle' });
  await expect(winners.getByRole('list', { name: 'Biggest Winners' }).getByTestId('winner').first()).toBeVisible();
  await network.settled();
  expect(await scriptsWith(page, 'data-scroll-locked')).toEqual([]);

  const viewAll = winners.getByRole('button', { name: 'View All Winners' });
  await viewAll.click();
  const dialog = page.getByRole('dialog', { name: 'ALL BIGGEST WINNER' });
  await expect(dialog.getByTestId('winner').first()).toBeVisible();
  // Mantine's focus trap moves the focus into the dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  expect(await scriptsWith(page, 'data-scroll-locked')).toHaveLength(1);
  // Closed, the dialog gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(viewAll).toBeFocused();
});

// Mantine's ScrollArea imports one hook from floating-ui, which is one module: the host's build gives
// it Mantine's own merged-ref hook (docs/decisions/135), so the Winners Circle's scroll lists and its
// dialog cost no positioning library. A page with a popover (withdraw's bank Select) still loads it,
// which also proves the marker below still names floating-ui's code: `clippingAncestors`, the default
// boundary of its overflow detection (the React part's `data-floating-ui-focusable` is tree-shaken
// out since the kernel's entry points are built one by one).
test("the Winners Circle's scroll lists and dialog come without floating-ui; a page with a Select still loads it", async ({ page, loginAs, network }) => {
  /** The scripts this page has loaded whose code is floating-ui's. */
  const floatingScripts = () => scriptsWith(page, 'clippingAncestors');

  await page.goto(hostUrl());
  const winners = page.getByRole('region', { name: 'Winners Circle' });
  await expect(winners.getByRole('list', { name: 'Todays Winners' }).getByTestId('winner').first()).toBeVisible();
  await winners.getByRole('button', { name: 'View All Winners' }).click();
  await expect(page.getByRole('dialog', { name: 'ALL BIGGEST WINNER' }).getByTestId('winner').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await network.settled();
  expect(await floatingScripts()).toEqual([]);

  const player = await registerPlayer('nofloat');
  await fundPlayer(player, 100);
  await loginAs(player, '/members/withdraw');
  await page.getByRole('combobox', { name: 'Bank / E-wallet' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await floatingScripts()).toHaveLength(1);
});

test.describe('with remote-sports down', () => {
  let host: StaticServer | null = null;
  // A host of this test only whose sports remote points at a port nothing listens on.
  const hostPort = sitePorts().host + 92;
  const deadPort = sitePorts().host + 93;

  test.beforeAll(async () => {
    host = await serveHostWithRemoteAt(hostPort, 'sports', `http://localhost:${deadPort}`);
  });

  test.afterAll(async () => {
    await host?.close();
  });

  test('only its two home widgets show Retry; the other sections work', async ({ page, consoleGuard }) => {
    consoleGuard.allow(new RegExp(`localhost:${deadPort}|ERR_CONNECTION_REFUSED|Failed to fetch|RUNTIME-|sports`));
    await page.goto(`http://localhost:${hostPort}/`);
    const fallbacks = page.getByTestId('remote-unavailable-sports');
    await expect(fallbacks).toHaveCount(2);
    await expect(fallbacks.getByRole('button', { name: 'Retry' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'SUWERTE E-GAMES' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Basketball Games' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Winners Circle' })).toHaveCount(0);
  });
});
