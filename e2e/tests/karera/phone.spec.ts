import { expect, test } from '../../support/fixtures';
import { fundedPlayer, kareraPage, placeBet, waitForFreshBetting } from './karera-support';
import { formatPeso } from '@suwerte/money';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the game fits 390 px, both cards side by side, and a bet goes through', async ({ page, loginAs }) => {
  await loginAs(await fundedPlayer(300), '/VideoKarera');
  const view = kareraPage(page);
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  const uno = await view.card('UNO').boundingBox();
  const dos = await view.card('DOS').boundingBox();
  expect(uno && dos && Math.abs(uno.y - dos.y)).toBe(0);
  expect((uno?.x ?? 0) + (uno?.width ?? 0)).toBeLessThanOrEqual(dos?.x ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The stake is checked against the balance the page knows: a tap before it is in is 'Invalid Amount'.
  await expect(view.balance).toContainText(formatPeso(300));
  await waitForFreshBetting(view.phase);
  await placeBet(page, 'DOS', { chip: 20 });
  await expect(view.balance).toContainText(formatPeso(280));
  await expect(view.stake('DOS')).toHaveText(formatPeso(20));
  const alert = await view.alert.boundingBox();
  expect(alert?.width ?? 0).toBeGreaterThan(350);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
