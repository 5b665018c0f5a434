import { GAME_STATUS, isGameCompleted, sportsEndpoints } from '@suwerte/contracts';
import { callApi, fundPlayer, hostUrl, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { overlaps, rectOf } from '../../support/geometry';
import { confirmNotice, openGame, peso, pickCombination, schedule, toast } from '../sports/sports-helpers';

// Issue 37 ("what a phone player still trips over"): sports and the jackpot pages at 390 × 844.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the Major page on a phone: focus after the notice, figures before and beyond the max, and a success toast clear of the balance', async ({ page, loginAs }) => {
  const player = await registerPlayer('r3major');
  await fundPlayer(player, 500);
  const game = await openGame();
  await loginAs(player, `/Basketball/Major/${game._id}`);
  // Item 8: the notice closed, the focus is on the page, not lost to the body.
  await confirmNotice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Major Jackpot Betting' })).toBeFocused();

  // Item 7: no stake yet, no total that counts the attendance alone.
  const total = page.getByTestId('jackpot-total');
  await expect(total).toHaveText('—');
  const rows = page.getByTestId('jackpot-row');
  const first = rows.first();
  await pickCombination(page, first, 4, 7);
  const max = first.getByTestId('row-max');
  await expect(max).toHaveText(/^₱[\d,]+\.\d\d$/);
  const maxPesos = Number((await max.textContent())?.replace(/[^\d.]/g, ''));
  // Over the max: no Win promised.
  await first.getByRole('textbox', { name: /^Amount for/ }).fill(String(maxPesos + 1000));
  await expect(first.getByTestId('row-win')).toHaveText('—');
  await first.getByRole('textbox', { name: /^Amount for/ }).fill('10');
  await expect(first.getByTestId('row-win')).toHaveText(peso(700));
  await expect(total).toHaveText(peso(15));

  await page.getByRole('switch', { name: 'Link Combination' }).check();
  await page.getByRole('switch', { name: 'Link Amount' }).check();
  await expect(total).toHaveText(peso(35));
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  // Item 4: the toast is at the top centre, clear of the header's balance.
  const placed = toast(page, 'Bet Placed Successfully');
  await expect(placed).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(peso(465));
  expect(overlaps(await rectOf(placed), await rectOf(page.getByTestId('header-balance'))), 'the toast covers the balance').toBe(false);
  await expect(page.getByTestId('header-balance')).toBeInViewport();
});

test("the Grand's Max Bet Card shows an amount under ₱10,000 exactly, not rounded down to '1.9k'", async ({ page, loginAs }) => {
  // Item 7.
  const player = await registerPlayer('r3card');
  await fundPlayer(player, 200);
  const game = await openGame();
  const token = await loginToken(player);
  const [a, b] = [Math.floor(Math.random() * 10), Math.floor(Math.random() * 10)];
  const before = await callApi(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: a, slot2: b, quarter: 2 }, token });
  await callApi(sportsEndpoints.placeJackpotBet, {
    body: {
      bets: [
        { Amount: 10, jackpot: 1, slot1: (a + 1) % 10, slot2: b, quarter: 1 },
        { Amount: 15, jackpot: 1, slot1: a, slot2: b, quarter: 2 },
      ],
      GameId: game.Ending._id,
    },
    token,
  });
  const left = before.max - 15;
  expect(left).toBeLessThan(10_000);
  await loginAs(player, `/Basketball/Grandjackpot/${game._id}`);
  await confirmNotice(page);
  await page.getByRole('button', { name: 'CARD', exact: true }).click();
  const card = page.getByRole('dialog', { name: 'Max Bet Card' });
  await card.getByText('Q2', { exact: true }).click();
  const cell = card.getByRole('table', { name: 'Max bet per combination, Q2' }).getByRole('row').nth(a + 1).getByRole('cell').nth(b);
  await expect(cell).toHaveText(String(Math.floor(left)));
  // Ten columns still fit the phone.
  const grid = await rectOf(card.getByTestId('max-bet-grid'));
  expect(grid.right).toBeLessThanOrEqual(390);
});

test('Sports All Games: live games first, then upcoming, finished last; Select Betting Game offers no Place bet on a closed card', async ({ page, loginAs }) => {
  const player = await registerPlayer('r3sports');
  await loginAs(player, '/Sports');
  // Item 9.
  const cards = page.getByTestId('game-card');
  await expect(cards.first()).toBeVisible();
  const games = await schedule();
  await expect(cards).toHaveCount(games.length);
  const kinds = await cards.evaluateAll((elements) =>
    elements.map((card) => (card.querySelector('[data-testid="quarter-badge"]') ? 0 : card.textContent?.includes('View Result') ? 2 : 1)),
  );
  expect(kinds, 'live (0), upcoming (1), finished (2)').toEqual([...kinds].sort((x, y) => x - y));
  expect(kinds).toContain(0);
  expect(kinds).toContain(1);
  expect(kinds).toContain(2);

  // Item 5: a game in Q1 has closed games (the Grand Jackpot, Team Winner): no Place bet on them.
  const live = games.find((game) => game.Status === GAME_STATUS.Q1 && !isGameCompleted(game));
  if (!live) throw new Error('the demo schedule has no game in Q1');
  await page.locator(`[data-testid="game-card"][data-game-id="${live._id}"]`).getByRole('button', { name: /^Bet Now/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Betting Game' });
  await expect(dialog).toBeVisible();
  for (const key of ['grand', 'team-winner']) {
    const choice = dialog.getByTestId(`betting-game-${key}`);
    await expect(choice.getByText('Closed', { exact: true })).toBeVisible();
    await expect(choice.getByRole('link', { name: /^Place bet/ })).toHaveCount(0);
  }
  const closedCards = dialog.locator('[data-testid^="betting-game-"]').filter({ has: page.getByText('Closed', { exact: true }) });
  expect(await closedCards.count()).toBeGreaterThan(1);
  await expect(closedCards.getByRole('link', { name: /^Place bet/ })).toHaveCount(0);
  // An open one still offers it.
  await expect(dialog.getByTestId('betting-game-major').getByRole('link', { name: 'Place bet: Major Jackpot' })).toBeVisible();
});

test("the Grand closes on the Ending's BettingStatus (1 = open), which the server sets for a game under way", async ({ page, loginAs }) => {
  // Item 11: the spec's field for the Grand rule, and the reference server's data following it.
  const games = await schedule();
  const upcoming = games.find((game) => game.Status === GAME_STATUS.SCHEDULED);
  const inQ1 = games.find((game) => game.Status === GAME_STATUS.Q1);
  if (!upcoming || !inQ1) throw new Error('the demo schedule has no game before tip-off or in Q1');
  expect(upcoming.Ending.BettingStatus).toBe(1);
  expect(inQ1.Ending.BettingStatus).not.toBe(1);
  // Q1 under way: the Major (Q2 and Q3 still open) takes bets, the Grand does not.
  expect(inQ1.EndingBettingStatus).toBe(2);
  await loginAs(await registerPlayer('r3grand'), `/Basketball/Grandjackpot/${inQ1._id}`);
  await confirmNotice(page);
  await expect(page.getByTestId('betting-closed-note')).toBeVisible();
  await page.goto(`${hostUrl()}/Basketball/Major/${inQ1._id}`);
  await expect(page.getByTestId('jackpot-row').first()).toBeVisible();
  await expect(page.getByTestId('betting-closed-note')).toHaveCount(0);
});
