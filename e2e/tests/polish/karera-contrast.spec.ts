import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { fundedPlayer, kareraPage } from '../karera/karera-support';
import { belowAA, measuredContrasts } from './measured-contrast';

// Issue 37, item 2: the Uno and Dos cards are drawn over a gradient, where axe cannot judge text.
// Their texts are measured on the rendered pixels, in both colour modes, while betting is open
// and while it is closed (the cards dimmed), on a phone and on a desktop.

const SIDES = ['UNO', 'DOS'] as const;

/** The cards show their fronts (no winner flipped) and are dimmed or not, as asked. */
async function inState(page: Page, dimmed: boolean): Promise<boolean> {
  const view = kareraPage(page);
  for (const side of SIDES) {
    const card = view.card(side);
    if ((await card.getAttribute('data-dimmed')) !== String(dimmed) || (await card.getAttribute('data-winner')) !== 'false') return false;
  }
  return true;
}

/**
 * Every text of both cards, measured against the pixels behind it, one card at a time; the
 * cards' state must hold meanwhile (betting closed lasts 1.5 s here, and a declared winner's card
 * shows its back, WINNER, with the dimming lifted: neither is the state asked for).
 */
async function measureCards(page: Page, dimmed: boolean): Promise<Record<string, number>> {
  const view = kareraPage(page);
  const measured: Record<string, number> = {};
  for (const side of SIDES) {
    const front = view.card(side).getByRole('region', { name: side });
    let done = false;
    for (let attempt = 0; attempt < 6 && !done; attempt += 1) {
      await expect.poll(() => inState(page, dimmed), { timeout: 30_000, intervals: [50] }).toBe(true);
      const ratios = await measuredContrasts(page, view.card(side), [
        { name: `${side} heading`, locator: front.getByRole('heading', { name: side }) },
        { name: `${side} 'Total bet'`, locator: front.getByText('Total bet', { exact: true }) },
        { name: `${side} total`, locator: view.total(side) },
        { name: `${side} 'Your bet'`, locator: front.getByText(/^Your bet:/) },
      ]);
      // Measured in one state only: a round that moved on meanwhile is measured again.
      if (await inState(page, dimmed)) {
        Object.assign(measured, ratios);
        done = true;
      }
    }
    if (!done) throw new Error(`the ${side} card did not stay ${dimmed ? 'dimmed' : 'open'} long enough to be measured`);
  }
  return measured;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`Video Karera at ${viewport.width}×${viewport.height}: the cards' texts reach 4.5:1 in both modes, betting open and closed`, async ({ page, loginAs }) => {
    // Eight measurements, each in a given phase of the live rounds (12 s each here): it follows the rounds.
    test.slow();
    await page.setViewportSize(viewport);
    await loginAs(await fundedPlayer(100), '/VideoKarera');
    await expect(kareraPage(page).connection).toHaveAttribute('data-state', 'live');
    for (const mode of ['light', 'dark'] as const) {
      if (mode === 'light') {
        await page.getByRole('button', { name: 'Switch to light mode' }).click();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
      } else {
        await page.getByRole('button', { name: 'Switch to dark mode' }).click();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      }
      for (const dimmed of [false, true]) {
        const measured = await measureCards(page, dimmed);
        expect(belowAA(measured), `${mode} mode, betting ${dimmed ? 'closed' : 'open'}: ${JSON.stringify(measured)}`).toEqual({});
      }
    }
  });
}
