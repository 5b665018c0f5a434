import type { Page } from '@playwright/test';
import { JACKPOT_FLAG, sportsEndpoints } from '@suwerte/contracts';
import { callApi, fundPlayer, hostUrl, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';
import { confirmNotice, openGame, toast } from './sports-helpers';

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe('accessibility', () => {
  test('the Sports page, its dialogs and the jackpot pages have no serious violations', async ({ page, loginAs, network }) => {
    // Eleven axe runs: 43 s at a load of 12 on two cores, over the 60 s default at 20.
    test.slow();
    const game = await openGame();
    await loginAs(await registerPlayer('axe'), '/Sports');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await network.settled();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator(`[data-testid="game-card"][data-game-id="${game._id}"]`).getByRole('button', { name: /^Bet Now/ }).click();
    await expect(page.getByRole('dialog', { name: 'Select Betting Game' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.getByRole('button', { name: /^View Result/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Game Result' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    for (const path of [`/Basketball/Major/${game._id}`, `/Basketball/Minor/${game._id}`, `/Basketball/Grandjackpot/${game._id}`]) {
      await page.goto(`${hostUrl()}${path}`);
      await expect(page.getByRole('dialog', { name: 'Grand Jackpot Attendance' })).toBeVisible();
      expect(await seriousViolations(page), `${path} with the notice`).toEqual([]);
      await confirmNotice(page);
      await expect(page.getByTestId('jackpot-row').first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The combination picker and the CARD, on the Grand page.
    await page.getByTestId('jackpot-row').first().getByRole('button', { name: /combination for/i }).click();
    await expect(page.getByRole('dialog', { name: /combination for/i })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'CARD', exact: true }).click();
    await expect(page.getByRole('table', { name: /^Max bet per combination/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Active Bets with a set, in edit mode, and the home's ALL BIGGEST WINNER dialog have no serious violations", async ({ page, loginAs }) => {
    const game = await openGame();
    const player = await registerPlayer('axebets');
    await fundPlayer(player, 500);
    const line = (quarter: number, Amount: number) => ({ Amount, jackpot: JACKPOT_FLAG.major, slot1: quarter, slot2: 9 - quarter, quarter });
    await callApi(sportsEndpoints.placeJackpotBet, { body: { GameId: game.Ending._id, bets: [line(1, 10), line(2, 20), line(3, 30)] }, token: await loginToken(player) });

    await loginAs(player, `/Basketball/Major/${game._id}`);
    await confirmNotice(page);
    await page.getByRole('tab', { name: 'Active Bets (1)' }).click();
    const set = page.getByTestId('bet-set');
    await expect(set).toHaveCount(1);
    expect(await seriousViolations(page), 'Active Bets').toEqual([]);
    await set.getByRole('button', { name: 'EDIT' }).click();
    await expect(set.getByRole('textbox', { name: 'New amount for Q1' })).toBeVisible();
    expect(await seriousViolations(page), 'Active Bets, editing').toEqual([]);

    await page.goto(hostUrl());
    await page.getByRole('button', { name: 'View All Winners' }).click();
    await expect(page.getByRole('dialog', { name: 'ALL BIGGEST WINNER' })).toBeVisible();
    expect(await seriousViolations(page), 'ALL BIGGEST WINNER').toEqual([]);
  });

  test('the combination picker works from the keyboard and closes once both digits are chosen', async ({ page, loginAs }) => {
    const game = await openGame();
    await loginAs(await registerPlayer('keys'), `/Basketball/Minor/${game._id}`);
    await confirmNotice(page);
    const trigger = page.getByTestId('jackpot-row').first().getByRole('button', { name: /combination for/i });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: /combination for/i });
    await expect(picker).toBeVisible();
    // Focus is trapped in the picker: Tab walks its digits.
    await picker.getByRole('group', { name: 'First digit' }).getByRole('button', { name: '7', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await picker.getByRole('group', { name: 'Second digit' }).getByRole('button', { name: '3', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('jackpot-row').first().getByRole('button', { name: 'Combination for Q1: 7 - 3' })).toBeFocused();
  });

  test('toasts: top centre, 300 px wide on a desktop', async ({ page, loginAs }) => {
    const game = await openGame();
    await loginAs(await registerPlayer('toast'), `/Basketball/Major/${game._id}`);
    await confirmNotice(page);
    await page.getByRole('button', { name: 'CONFIRM' }).click();
    const box = await toast(page, 'ALL FIELDS REQUIRED').boundingBox();
    expect(box?.width).toBe(300);
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 720)).toBeLessThanOrEqual(1);
    expect(box?.y ?? 99).toBeLessThan(40);
    // Gone after 3 s.
    await expect(toast(page, 'ALL FIELDS REQUIRED')).toBeHidden({ timeout: 4500 });
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Sports page fits; Select Betting Game and Game Result are full-screen', async ({ page, loginAs }) => {
    const game = await openGame();
    await loginAs(await registerPlayer('phone'), '/Sports');
    const card = page.getByTestId('game-card').first();
    await expect(card).toBeVisible();
    expect((await card.boundingBox())?.width ?? 0).toBeGreaterThan(330);
    await noSidewaysScroll(page, 390);
    // The three jackpots are readable: each amount inside the screen.
    for (const pool of ['minor', 'major', 'grand']) {
      const box = await page.getByTestId(`jackpot-${pool}`).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }

    await page.locator(`[data-testid="game-card"][data-game-id="${game._id}"]`).getByRole('button', { name: /^Bet Now/ }).click();
    await expect(page.getByRole('dialog', { name: 'Select Betting Game' })).toBeVisible();
    expect((await page.locator('.mantine-Modal-content').boundingBox())?.width).toBe(390);
    await page.getByRole('button', { name: 'Close Select Betting Game' }).click();

    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.getByRole('button', { name: /^View Result/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Game Result' })).toBeVisible();
    expect((await page.locator('.mantine-Modal-content').boundingBox())?.width).toBe(390);
    const table = await page.getByRole('table', { name: 'Results per quarter' }).boundingBox();
    expect((table?.x ?? 0) + (table?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  test('a jackpot page fits; the CARD grid is readable without scrolling sideways; toasts span the width', async ({ page, loginAs }) => {
    const game = await openGame();
    await loginAs(await registerPlayer('phone'), `/Basketball/Grandjackpot/${game._id}`);
    await confirmNotice(page);
    const rows = page.getByTestId('jackpot-row');
    await expect(rows).toHaveCount(4);
    await noSidewaysScroll(page, 390);
    const confirm = page.getByRole('button', { name: 'CONFIRM' });
    await confirm.scrollIntoViewIfNeeded();
    expect((await confirm.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);

    await confirm.click();
    const box = await toast(page, 'Incomplete form - All fields are required').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(370);

    await page.getByRole('button', { name: 'CARD', exact: true }).click();
    expect((await page.locator('.mantine-Modal-content').boundingBox())?.width).toBe(390);
    const grid = page.getByRole('table', { name: 'Max bet per combination, Q1' });
    await expect(grid).toBeVisible();
    const gridBox = await grid.boundingBox();
    expect((gridBox?.x ?? 0) + (gridBox?.width ?? 0)).toBeLessThanOrEqual(390);
    const cell = await grid.getByRole('row').nth(1).getByRole('cell').first().boundingBox();
    expect(cell?.width ?? 0).toBeGreaterThanOrEqual(28);
  });

  test("the home page's featured games and winners fit", async ({ page }) => {
    await page.goto(hostUrl());
    const games = page.getByRole('region', { name: 'Featured Basketball Games' });
    await games.scrollIntoViewIfNeeded();
    await expect(games.getByTestId('featured-game')).toHaveCount(6);
    for (const row of await games.getByTestId('featured-game').all()) expect((await row.boundingBox())?.height ?? 0).toBeLessThan(90);
    const winners = page.getByRole('region', { name: 'Winners Circle' });
    await winners.scrollIntoViewIfNeeded();
    await expect(winners.getByTestId('winner').first()).toBeVisible();
    await noSidewaysScroll(page, 390);
  });
});

for (const width of [360, 390]) {
  test.describe(`on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test("a featured game's logos and acronyms never run into its league, badge or tip-off", async ({ page }) => {
      await page.goto(hostUrl());
      const rows = page.getByRole('region', { name: 'Featured Basketball Games' }).getByTestId('featured-game');
      await expect(rows).toHaveCount(6);
      const collisions = await rows.evaluateAll((items) =>
        items.flatMap((item) => {
          const teams = item.querySelector('[aria-hidden="true"]');
          const rest = Array.from(item.querySelectorAll('p, [data-testid="quarter-badge"]')).filter((element) => !teams?.contains(element));
          const row = item.getBoundingClientRect();
          const found: string[] = [];
          for (const part of Array.from(teams?.children ?? [])) {
            const a = part.getBoundingClientRect();
            if (a.left < row.left || a.right > row.right) found.push(`${part.textContent} outside its row`);
            for (const other of rest) {
              const b = other.getBoundingClientRect();
              if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) found.push(`${part.textContent || 'logo'} over ${other.textContent}`);
            }
          }
          return found;
        }),
      );
      expect(collisions).toEqual([]);
      // Six still fit in little more than a phone's screen.
      for (const row of await rows.all()) expect((await row.boundingBox())?.height ?? 0).toBeLessThan(90);
      await noSidewaysScroll(page, width);
    });

    test('the winners lists scroll down only, every amount in sight', async ({ page }) => {
      await page.goto(hostUrl());
      const winners = page.getByRole('region', { name: 'Winners Circle' });
      await winners.scrollIntoViewIfNeeded();
      await expect(winners.getByTestId('winner').first()).toBeVisible();
      const lists = winners.getByRole('region', { name: /, scrollable$/ });
      await expect(lists).toHaveCount(2);
      for (const list of await lists.all()) {
        const { scrollWidth, clientWidth } = await list.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
        expect(scrollWidth, await list.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(clientWidth);
      }
      const cut = await winners.getByTestId('winner').evaluateAll((rows) =>
        rows.flatMap((row) => {
          const amount = row.lastElementChild?.getBoundingClientRect();
          const box = row.getBoundingClientRect();
          return amount && amount.right > box.right + 0.5 ? [row.textContent ?? ''] : [];
        }),
      );
      expect(cut).toEqual([]);
    });
  });
}
