import { DEMO, hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { lottoGameLabel, resultText, todaysDraws } from './lotto-api';

test("the home page's Lotto Today lists today's draws to a visitor, and Play Lotto Now asks to sign in", async ({ page }) => {
  const draws = await todaysDraws();
  expect(draws.length).toBeGreaterThan(0);
  await page.goto(hostUrl());
  const widget = page.getByRole('region', { name: 'Lotto Today' });
  const rows = widget.getByTestId('todays-draw');
  await expect(rows).toHaveCount(draws.length);
  for (const [index, draw] of draws.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(lottoGameLabel(draw.GameType));
    await expect(row).toContainText(draw.ResultId.length > 0 ? resultText(draw) : 'Upcoming');
  }
  // Today's draws include finished ones with their numbers and ones still to come.
  expect(draws.some((draw) => draw.ResultId.length > 0)).toBe(true);
  expect(draws.some((draw) => draw.ResultId.length === 0)).toBe(true);

  await widget.getByRole('link', { name: 'Play Lotto Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
});

test('Play Lotto Now takes a signed-in player to the Lotto page', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/');
  await page.getByRole('region', { name: 'Lotto Today' }).getByRole('link', { name: 'Play Lotto Now' }).click();
  await expect(page).toHaveURL(`${hostUrl()}/Lotto`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
});
