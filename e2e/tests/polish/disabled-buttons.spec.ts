import type { Locator } from '@playwright/test';
import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { fundedPlayer, kareraPage } from '../karera/karera-support';

// Item 14: a disabled primary button looks like a disabled button — greyed, with its own visible
// shape (not plain text on the card) and a not-allowed cursor — and clearly unlike the same
// button enabled.

interface Look {
  background: string;
  color: string;
  border: string;
  cursor: string;
  /** The first opaque background behind the button: what its shape must stand out from. */
  surface: string;
}

const look = (button: Locator): Promise<Look> =>
  button.evaluate((element) => {
    const style = getComputedStyle(element);
    let surface = 'rgb(0, 0, 0)';
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const background = getComputedStyle(parent).backgroundColor;
      if (!/^rgba\(.*, 0\)$/.test(background) && background !== 'transparent') {
        surface = background;
        break;
      }
    }
    return { background: style.backgroundColor, color: style.color, border: style.borderTopColor, cursor: style.cursor, surface };
  });

function rgb(css: string): [number, number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG relative luminance of an opaque colour. */
function luminance(css: string): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(css);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const visible = (css: string) => rgb(css)[3] > 0;

/** What a disabled button must look like next to the same button enabled. */
function expectDisabledLook(disabled: Look, enabled: Look) {
  expect(disabled.cursor).toBe('not-allowed');
  expect(enabled.cursor).not.toBe('not-allowed');
  // Its fill is clearly not the enabled one (gold or indigo turns grey)…
  expect(contrast(disabled.background, enabled.background)).toBeGreaterThan(1.5);
  // …its label is muted, well below the enabled label's contrast…
  expect(contrast(disabled.color, disabled.background)).toBeLessThan(contrast(enabled.color, enabled.background) / 2);
  // …and it still has a shape: a fill or an outline that differs from the surface behind it.
  const outlined = visible(disabled.border) && disabled.border !== disabled.surface;
  const filled = disabled.background !== disabled.surface;
  expect(outlined || filled, `disabled button ${JSON.stringify(disabled)} shows no shape on its surface`).toBe(true);
}

test("the deposit page's Proceed looks disabled until a method and an amount are chosen", async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/deposit');
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeDisabled();
  const disabled = await look(proceed);

  await page.getByRole('radio', { name: 'GCash' }).click();
  await page.getByRole('button', { name: '100', exact: true }).click();
  await expect(proceed).toBeEnabled();
  // Measured at rest: the pointer is moved off the button first (no hover colour).
  await page.mouse.move(0, 0);
  expectDisabledLook(disabled, await look(proceed));
});

test('Video Karera: Place Bet looks disabled while betting is closed and enabled once it opens', async ({ page, loginAs }) => {
  await loginAs(await fundedPlayer(500), '/VideoKarera');
  const view = kareraPage(page);
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  const sides = ['UNO', 'DOS'] as const;
  await expect(view.phase).toHaveAttribute('data-phase', 'closed', { timeout: 15_000 });
  const disabled: Look[] = [];
  for (const side of sides) {
    await expect(view.placeBet(side)).toBeDisabled();
    disabled.push(await look(view.placeBet(side)));
  }
  await expect(view.phase).toHaveAttribute('data-phase', 'betting', { timeout: 15_000 });
  for (const [index, side] of sides.entries()) {
    await expect(view.placeBet(side)).toBeEnabled();
    const closed = disabled[index];
    if (!closed) throw new Error(`no disabled look of ${side}`);
    expectDisabledLook(closed, await look(view.placeBet(side)));
  }
});
