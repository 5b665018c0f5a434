import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../../support/fixtures';
import { registerPlayer, type Credentials } from '../../support/api';

/**
 * Puts money on a player's account the way an operator's adjustment would: the reference API
 * has no admin endpoint, so this appends a ledger entry to the suite's own fresh SQLite file
 * (the ledger's triggers move the balance in the same statement).
 */
export function fund(username: string, pesos: number, databasePath = defaultDatabase()): void {
  const db = new Database(databasePath, { timeout: 5_000 });
  try {
    const centavos = Math.round(pesos * 100);
    const result = db
      .prepare(
        `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, reference, description, created_at)
         SELECT ?, id, ?, balance_centavos + ?, 'adjustment', NULL, 'e2e test funds', ? FROM users WHERE username = ?`,
      )
      .run(randomBytes(12).toString('hex'), centavos, centavos, new Date().toISOString(), username);
    if (result.changes !== 1) throw new Error(`no player ${username} to fund`);
  } finally {
    db.close();
  }
}

function defaultDatabase(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright with the global setup');
  return path.join(dir, 'e2e.sqlite');
}

/** A fresh player with `pesos` on the account (a fresh player per test avoids interference). */
export async function fundedPlayer(pesos: number): Promise<Credentials> {
  const player = await registerPlayer('karera');
  fund(player.username, pesos);
  return player;
}

export const peso = (amount: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PHP' }).format(amount);

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
    chip: (pesos: number) => page.getByRole('button', { name: `Chip ${peso(pesos)}` }),
    amount: page.getByLabel('Amount'),
    dialog: page.getByRole('dialog', { name: 'Place your bet' }),
    balance: page.getByTestId('header-balance'),
  };
}

/**
 * Waits until a round's betting opens from its start (a closed phase first, then betting), so
 * the test has the whole betting window (6 s in the suite) for its bets.
 */
export async function waitForFreshBetting(phase: Locator): Promise<void> {
  await expect(phase).not.toHaveAttribute('data-phase', 'betting', { timeout: 15_000 });
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
