// Reads the basketball data straight from the real player API (the site's own endpoint
// definitions), to choose games and compare with what the pages show.
import type { Locator, Page } from '@playwright/test';
import { GAME_STATUS, type ScheduledGame, sportsEndpoints } from '@suwerte/contracts';
import { callApi } from '../../support/api';
import { expect } from '../../support/fixtures';

export async function schedule(): Promise<ScheduledGame[]> {
  return callApi(sportsEndpoints.schedule);
}

/**
 * A game open for every jackpot whose tip-off is furthest away, so it stays open for the whole
 * test whatever the demo timers do meanwhile.
 */
export async function openGame(): Promise<ScheduledGame> {
  const open = (await schedule()).filter((game) => game.Status === GAME_STATUS.SCHEDULED && game.EndingBettingStatus === 1 && Date.parse(game.Schedule) > Date.now() + 10 * 60_000);
  const game = open.sort((a, b) => Date.parse(b.Schedule) - Date.parse(a.Schedule))[0];
  if (!game) throw new Error('the demo schedule has no game open for betting');
  return game;
}

export const peso = (amount: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(amount);

/** The header's balance as a number of pesos. */
export async function balanceOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('header-balance').textContent()) ?? '';
  return Number(text.replace(/[^0-9.]/g, ''));
}

/** Chooses a row's combination in its picker, as a player does; the picker closes by itself. */
export async function pickCombination(page: Page, row: Locator, first: number, second: number): Promise<void> {
  await row.getByRole('button', { name: /combination for/i }).click();
  const picker = page.getByRole('dialog', { name: /combination for/i });
  await picker.getByRole('group', { name: 'First digit' }).getByRole('button', { name: String(first), exact: true }).click();
  await picker.getByRole('group', { name: 'Second digit' }).getByRole('button', { name: String(second), exact: true }).click();
  await expect(picker).toBeHidden();
}

/** Confirms the attendance notice a jackpot page opens with (this visit only). */
export async function confirmNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Grand Jackpot Attendance' });
  await notice.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(notice).toBeHidden();
}

/** A toast at the top of the page. */
export const toast = (page: Page, text: string): Locator => page.locator('.mantine-Notification-root').filter({ hasText: text });
