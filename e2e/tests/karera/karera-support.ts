import { formatPeso } from '@suwerte/money';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../../support/fixtures';
import { apiUrl, fundPlayer, registerPlayer, withdraw, type Credentials } from '../../support/api';

/**
 * A fresh player (a fresh player per test avoids interference) with exactly `pesos` on the
 * account, funded the way players fund it: a QR deposit paid on the gateway page (minimum ₱100),
 * and, for smaller balances, a withdrawal request that holds the rest.
 */
export async function fundedPlayer(pesos: number, api = apiUrl()): Promise<Credentials> {
  const player = await registerPlayer('karera', api);
  const deposit = Math.max(pesos, 100);
  await fundPlayer(player, deposit, api);
  if (deposit > pesos) await withdraw(player, deposit - pesos, api);
  return player;
}


/** The Video Karera page's parts, by role and the spec's texts. */
export function kareraPage(page: Page) {
  return {
    connection: page.getByTestId('karera-connection'),
    phase: page.getByTestId('karera-phase'),
    alert: page.getByTestId('karera-alert'),
    card: (side: 'UNO' | 'DOS') => page.getByTestId(`karera-card-${side}`),
    total: (side: 'UNO' | 'DOS') => page.getByTestId(`karera-total-${side}`),
    stake: (side: 'UNO' | 'DOS') => page.getByTestId(`karera-stake-${side}`),
    placeBet: (side: 'UNO' | 'DOS') => page.getByRole('button', { name: `Place Bet on ${side}` }),
    chip: (pesos: number) => page.getByRole('button', { name: `Chip ${formatPeso(pesos)}` }),
    amount: page.getByLabel('Amount'),
    dialog: page.getByRole('dialog', { name: 'Place your bet' }),
    balance: page.getByTestId('header-balance'),
  };
}

/**
 * Waits until a round's betting opens from its start (a closed phase first, then betting), so
 * the test has the whole betting window (8 s in the suite) for its bets.
 */
export async function waitForFreshBetting(phase: Locator): Promise<void> {
  // A phase the server has sent ('none' before the socket is live would pass at once, and the
  // betting that follows could be the last moment of a window).
  await expect(phase).toHaveAttribute('data-phase', /^(closed|result)$/, { timeout: 15_000 });
  await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 15_000 });
}

/** Chooses the stake and bets on a side through 'Place your bet'; waits for 'Bet Success'. */
export async function placeBet(page: Page, side: 'UNO' | 'DOS', stake: { chip: number } | { amount: string }): Promise<void> {
  const view = kareraPage(page);
  if ('chip' in stake) await view.chip(stake.chip).click();
  else await view.amount.fill(stake.amount);
  await view.placeBet(side).click();
  await expect(view.dialog).toBeVisible();
  await expect(view.dialog.getByTestId('confirm-pick')).toHaveText(side);
  await view.dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(view.alert).toHaveText('Bet Success');
  await expect(view.dialog).toBeHidden();
}
