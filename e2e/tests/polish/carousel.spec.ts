import type { Locator, Page } from '@playwright/test';
import { DEMO, hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 7: each poster leads somewhere real, swipe works on phones, auto-advance (8 s) pauses on
// hover, focus and touch.

const carousel = (page: Page) => page.getByRole('region', { name: 'Featured games' });
const current = (page: Page) => carousel(page).locator('button[aria-current="true"]');
/** The link of the poster on show (the others are inert: out of reach of Tab and screen readers). */
const posterLink = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]:not([inert])').getByRole('link');

async function touch(target: Locator, type: 'pointerdown' | 'pointerup', x: number, y: number) {
  await target.dispatchEvent(type, { pointerType: 'touch', isPrimary: true, clientX: x, clientY: y, bubbles: true });
}

test('each poster is a link to its game', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/');
  await expect(carousel(page).locator('[aria-roledescription="slide"][inert]')).toHaveCount(2);
  await expect(posterLink(page)).toHaveAttribute('href', '/Sports');
  await expect(posterLink(page)).toHaveAccessibleName(/Basketball Ending .* Play now$/);
  await carousel(page).getByRole('button', { name: 'Show poster 2' }).click();
  await expect(posterLink(page)).toHaveAttribute('href', '/Lotto');
  await posterLink(page).click();
  await expect(page).toHaveURL(`${hostUrl()}/Lotto`);
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
});

test('auto-advance every 8 s pauses while hovered or focused', async ({ page }) => {
  await page.clock.install();
  await page.goto(hostUrl());
  await expect(current(page)).toHaveAccessibleName('Show poster 1');
  await page.clock.runFor(8_100);
  await expect(current(page)).toHaveAccessibleName('Show poster 2');

  await carousel(page).hover();
  await page.clock.runFor(20_000);
  await expect(current(page)).toHaveAccessibleName('Show poster 2');
  await page.mouse.move(5, 5);
  await page.clock.runFor(8_100);
  await expect(current(page)).toHaveAccessibleName('Show poster 3');

  await posterLink(page).focus();
  await page.clock.runFor(20_000);
  await expect(current(page)).toHaveAccessibleName('Show poster 3');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a swipe changes poster, and a finger on the posters pauses them', async ({ page }) => {
    await page.clock.install();
    await page.goto(hostUrl());
    const region = carousel(page);
    await expect(current(page)).toHaveAccessibleName('Show poster 1');
    await touch(region, 'pointerdown', 300, 150);
    await touch(region, 'pointerup', 150, 160);
    await expect(current(page)).toHaveAccessibleName('Show poster 2');
    // A swipe is not a tap on the poster's link.
    await expect(page).toHaveURL(`${hostUrl()}/`);
    await touch(region, 'pointerdown', 100, 150);
    await touch(region, 'pointerup', 260, 150);
    await expect(current(page)).toHaveAccessibleName('Show poster 1');

    await touch(region, 'pointerdown', 200, 150);
    await page.clock.runFor(20_000);
    await expect(current(page)).toHaveAccessibleName('Show poster 1');
    await touch(region, 'pointerup', 200, 150);
    await page.clock.runFor(8_100);
    await expect(current(page)).toHaveAccessibleName('Show poster 2');
  });
});
