import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { fundedPlayer, kareraPage } from '../karera/karera-support';
import { belowAA, measuredContrasts } from './measured-contrast';

// Issue 37, item 2: the Uno and Dos cards are drawn over a gradient, where axe cannot judge text.
// Their texts are measured on the rendered pixels, in both colour modes, while betting is open
// and while it is closed (the cards dimmed), on a phone and on a desktop.

const SIDES = ['UNO', 'DOS'] as const;

/** Every text of both cards, measured against the pixels behind it; the cards' state must hold meanwhile. */
async function measureCards(page: Page, dimmed: boolean): Promise<Record<string, number>> {
  const view = kareraPage(page);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await expect(view.card('UNO')).toHaveAttribute('data-dimmed', String(dimmed), { timeout: 20_000 });
    const measured: Record<string, number> = {};
    for (const side of SIDES) {
      const front = view.card(side).getByRole('region', { name: side });
      Object.assign(
        measured,
        await measuredContrasts(page, view.card(side), [
          { name: `${side} heading`, locator: front.getByRole('heading', { name: side }) },
          { name: `${side} 'Total bet'`, locator: front.getByText('Total bet', { exact: true }) },
          { name: `${side} total`, locator: view.total(side) },
          { name: `${side} 'Your bet'`, locator: front.getByText(/^Your bet:/) },
        ]),
      );
    }
    // Measured in one state only: a round that moved on meanwhile is measured again.
    if ((await view.card('UNO').getAttribute('data-dimmed')) === String(dimmed)) return measured;
  }
  throw new Error(`the cards did not stay ${dimmed ? 'dimmed' : 'open'} long enough to be measured`);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`Video Karera at ${viewport.width}×${viewport.height}: the cards' texts reach 4.5:1 in both modes, betting open and closed`, async ({ page, loginAs }) => {
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
