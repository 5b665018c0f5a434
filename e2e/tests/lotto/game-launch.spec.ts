import type { Page } from '@playwright/test';
import { hostUrl, registerPlayer } from '../../support/api';
import { expect, signInThroughGuardDialog, test } from '../../support/fixtures';
import { expectGameSite, sessionToken } from '../../support/game-site';
import { LOTTO_TYPES, activeSchedules } from './lotto-api';

/** The first card of a game whose draw is still to come. */
const openCard = (page: Page, gameType: number) =>
  page.locator(`[data-testid="lotto-schedule-card"][data-game-type="${gameType}"]`).filter({ has: page.getByRole('timer') }).first();

test("every Bet Pick 3 and Bet Pick 12 button lands on the game site with a launch token (not the session's) and its game type", async ({ page, loginAs }) => {
  const player = await registerPlayer('launch');
  await loginAs(player, '/Lotto');
  const token = await sessionToken(page);
  for (const type of LOTTO_TYPES) {
    for (const [button, game] of [
      ['Bet Pick 3', 'pick3'],
      ['Bet Pick 12', 'pick12'],
    ] as const) {
      await page.goto(`${hostUrl()}/Lotto`);
      const link = openCard(page, type).getByRole('link', { name: new RegExp(`^${button}:`) });
      await expect(link).toHaveAttribute('href', `/${button === 'Bet Pick 3' ? 'Pick3Route' : 'Pick12Route'}/${type}`);
      await link.click();
      await expectGameSite(page, player, game, { type: String(type) }, { notSession: token });
      // The launch route replaced itself: Back returns to the Lotto page, not into the game again.
      await page.goBack();
      await expect(page).toHaveURL(`${hostUrl()}/Lotto`);
    }
  }
});

test('Mega Millions and EZ 2 Bet Now land on their games, EZ 2 with the schedule id', async ({ page, loginAs }) => {
  const player = await registerPlayer('launch');
  const schedules = await activeSchedules(player);
  await loginAs(player, '/Lotto');

  await openCard(page, 200).getByRole('link', { name: /^Bet Now:/ }).click();
  await expectGameSite(page, player, 'megamillion', { type: '200' });

  await page.goto(`${hostUrl()}/Lotto`);
  const ez2 = openCard(page, 131).getByRole('link', { name: /^Bet Now:/ });
  const scheduleId = (await ez2.getAttribute('href'))?.replace('/EZ2Route/', '') ?? '';
  const draw = schedules.find((schedule) => schedule._id === scheduleId);
  expect(draw?.GameType).toBe(131);
  expect(Date.parse(draw?.Schedule ?? '')).toBeGreaterThan(Date.now());
  await ez2.click();
  await expectGameSite(page, player, 'ez2', { type: '131', id: scheduleId });
});

test('the weteng route launches weteng; an unknown game type shows a message and stays on the site', async ({ page, loginAs }) => {
  const player = await registerPlayer('launch');
  await loginAs(player, '/WetengRoute/7');
  await expectGameSite(page, player, 'weteng', { type: '7' });

  for (const [path, text] of [
    ['/Pick3Route/77', 'Pick 3 has no game type “77”. Pick 3 is played on the 6/42, 6/45, 6/49, 6/55, 6/58 draws.'],
    ['/Pick12Route/131', 'Pick 12 has no game type “131”. Pick 12 is played on the 6/42, 6/45, 6/49, 6/55, 6/58 draws.'],
  ] as const) {
    await page.goto(`${hostUrl()}${path}`);
    await expect(page.getByRole('heading', { name: 'Game not found' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${hostUrl()}${path}`);
  }
  await page.goto(`${hostUrl()}/EZ2Route/not-a-draw`);
  await expect(page.getByRole('heading', { name: 'EZ 2 draw not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Lotto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
});

test('a launch route needs a session: sign in first, then the game opens', async ({ page }) => {
  const player = await registerPlayer('launch');
  await page.goto(`${hostUrl()}/Pick3Route/45`);
  await expect(page).toHaveURL(`${hostUrl()}/`);
  // The guard opens the sign-in dialog itself (spec); the shell is already up around it.
  await signInThroughGuardDialog(page, player);
  await expectGameSite(page, player, 'pick3', { type: '45' });
});
