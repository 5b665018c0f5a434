import type { Page } from '@playwright/test';
import { jackpotEndpoints, sportsEndpoints, GAME_STATUS, finalScore, isGameCompleted } from '@suwerte/contracts';
import { startOfManilaDay } from '@suwerte/time';
import { callApi, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { openGame, peso, schedule } from './sports-helpers';

const cards = (page: Page) => page.getByTestId('game-card');
const ids = async (page: Page) => cards(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-game-id')));

test('the Sports page: jackpots, the four tabs, and quarter badges only on games under way', async ({ page, loginAs }) => {
  const player = await registerPlayer('sports');
  const games = await schedule();
  const [jackpot] = await callApi(jackpotEndpoints.jackpot);
  await loginAs(player, '/Sports');
  await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
  for (const [testId, amount] of [
    ['jackpot-minor', jackpot?.Minor],
    ['jackpot-major', jackpot?.Major],
    ['jackpot-grand', jackpot?.Grand],
  ] as const) {
    await expect(page.getByTestId(testId)).toContainText(peso(amount ?? 0));
  }

  // All Games: every game of the schedule — under way (by tip-off), then to come (soonest
  // first), then finished (latest first): what can still be bet on first (decision 192).
  await expect(page.getByRole('tab', { name: 'All Games', selected: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(games.length);
  const tipOff = (game: (typeof games)[number]) => Date.parse(game.Schedule);
  const byTipOff = [...games].sort((a, b) => tipOff(a) - tipOff(b));
  // Read again if a game tipped off between the page's drawing and this clock (the page redraws at
  // each tip-off, the demo slate has one every few minutes).
  await expect(async () => {
    const at = Date.now();
    const underWay = byTipOff.filter((game) => !isGameCompleted(game) && tipOff(game) <= at);
    const toCome = byTipOff.filter((game) => !isGameCompleted(game) && tipOff(game) > at);
    const done = byTipOff.filter((game) => isGameCompleted(game)).reverse();
    expect(await ids(page)).toEqual([...underWay, ...toCome, ...done].map((game) => game._id));
  }).toPass({ timeout: 5_000 });
  // The demo always has games before tip-off (no badge), under way (Q1–Q4, OT) and completed.
  const now = Date.now();
  for (const game of games) {
    const badge = page.locator(`[data-testid="game-card"][data-game-id="${game._id}"]`).getByTestId('quarter-badge');
    if (Date.parse(game.Schedule) > now || isGameCompleted(game)) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(/^In play: (Q[1-4]|OT[12])$/);
  }
  expect(games.some((game) => game.Status === GAME_STATUS.SCHEDULED)).toBe(true);
  expect(games.some((game) => game.Status >= GAME_STATUS.OT1 && game.Status <= GAME_STATUS.OT2)).toBe(true);

  // Live: tip-off passed, not completed.
  await page.getByRole('tab', { name: 'Live' }).click();
  await expect(page).toHaveURL(/\?tab=live$/);
  const live = games.filter((game) => Date.parse(game.Schedule) <= Date.now() && !isGameCompleted(game)).map((game) => game._id);
  expect(live.length).toBeGreaterThan(0);
  // The tab has switched once the cards are the live ones (the assertion waits for the render).
  await expect(cards(page)).toHaveCount(live.length);
  expect((await ids(page)).sort()).toEqual([...live].sort());
  await expect(cards(page).getByTestId('quarter-badge')).toHaveCount(live.length);

  // Today: the Manila day.
  await page.getByRole('tab', { name: 'Today' }).click();
  const start = startOfManilaDay(Date.now()).getTime();
  const today = games.filter((game) => Date.parse(game.Schedule) >= start && Date.parse(game.Schedule) < start + 86_400_000).map((game) => game._id);
  await expect(cards(page)).toHaveCount(today.length);

  // Completed: the finished games, with View Result instead of Bet Now.
  await page.getByRole('tab', { name: 'Completed' }).click();
  const finished = await callApi(sportsEndpoints.finishedGames, { token: await loginToken(player) });
  expect(finished.length).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(finished.length);
  await expect(cards(page).getByRole('button', { name: /^Bet Now/ })).toHaveCount(0);
  const [first] = finished;
  if (!first) throw new Error('no finished game');
  await cards(page).first().getByRole('button', { name: /^View Result/ }).click();
  const result = page.getByRole('dialog', { name: 'Game Result' });
  const score = finalScore(first);
  await expect(result.getByTestId('final-score')).toContainText(`${score.Team1} – ${score.Team2}`);
  await expect(result.getByRole('table', { name: 'Results per quarter' }).getByRole('row')).toHaveCount(first.Scores.length + 1);
  await page.keyboard.press('Escape');
  await expect(result).toBeHidden();

  // The tab is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Completed', selected: true })).toBeVisible();
});

test("Bet Now opens 'Select Betting Game' with the match and a Place bet link per game", async ({ page, loginAs }) => {
  const player = await registerPlayer('sports');
  const game = await openGame();
  await loginAs(player, '/Sports');
  await page.locator(`[data-game-id="${game._id}"]`).getByRole('button', { name: /^Bet Now/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Betting Game' });
  await expect(dialog.getByTestId('match-header')).toContainText(game.Team1.TeamName);
  await expect(dialog.getByTestId('match-header')).toContainText(game.Team2.TeamName);
  const expected: [string, string][] = [
    ['Regular (x70)', `/EndingRoute/${game.Ending._id}/101`],
    ['Grand Jackpot', `/Basketball/Grandjackpot/${game._id}`],
    ['Major Jackpot', `/Basketball/Major/${game._id}`],
    ['Minor Jackpot', `/Basketball/Minor/${game._id}`],
  ];
  if (game.Endingwq) expected.push(['Quarter Prize', `/EndingwqRoute/${game.Endingwq._id}`]);
  if (game.Endingwqr) expected.push(['Quarter & Reverse Prize', `/EndingwqRoute/${game.Endingwqr._id}`]);
  expected.push(['Overtime', `/EndingRoute/${game.Ending._id}/105`]);
  if (game.OddEven) expected.push(['Odd/Even', `/OddEven/${game.OddEven._id}`]);
  if (game.FTTS) expected.push(['First Team To Score', `/FTTS/${game.FTTS._id}`]);
  if (game.Teambetting) expected.push(['Team Winner', `/TeamBetting/${game.Teambetting._id}`]);
  const links = dialog.getByRole('link', { name: /^Place bet:/ });
  await expect(links).toHaveCount(expected.length);
  expect(await links.evaluateAll((elements) => elements.map((element) => [element.getAttribute('aria-label')?.replace('Place bet: ', ''), element.getAttribute('href')]))).toEqual(expected);
  // Nothing is closed before tip-off.
  await expect(dialog.getByText('Closed', { exact: true })).toHaveCount(0);

  await dialog.getByRole('link', { name: 'Place bet: Major Jackpot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Major Jackpot Betting' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/Basketball/Major/${game._id}$`));
});

test("a schedule that cannot be loaded shows 'No games found', and the rest of the page works", async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource|503/);
  // The one place the network is faked: the player API answers the schedule with an error.
  await page.route(/\/schedule$/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }));
  await loginAs(await registerPlayer('sports'), '/Sports');
  await expect(page.getByText('No games found')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('jackpot-grand')).toBeVisible();
  await page.getByRole('tab', { name: 'Live' }).click();
  await expect(page.getByText('No games found')).toBeVisible();
});

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${width} px the jackpot banner keeps its height when the amounts arrive: the tabs below do not move`, async ({ page, loginAs }) => {
    // The player API's real answer, held back (not changed) until the loading banner has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/jackpot$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width, height });
    await loginAs(await registerPlayer('jpshift'), '/Sports');
    await expect(page.getByRole('status', { name: 'Loading the jackpots' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Games' });
    await expect(tabs).toBeVisible();
    const loading = await tabs.boundingBox();

    release();
    await expect(page.getByTestId('jackpot-grand')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the jackpots' })).toHaveCount(0);
    const loaded = await tabs.boundingBox();
    expect(loaded?.y).toBeCloseTo(loading?.y ?? Number.NaN, 0);
  });
}
