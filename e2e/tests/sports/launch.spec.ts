import { hostUrl, registerPlayer } from '../../support/api';
import { expect, signInThroughGuardDialog, test } from '../../support/fixtures';
import { expectGameSite, sessionToken } from '../../support/game-site';
import { openGame } from './sports-helpers';

test("every launch of the Select Betting Game dialog lands on the game site with a launch token (not the session's) and the game id", async ({ page, loginAs }) => {
  const player = await registerPlayer('launch');
  const game = await openGame();
  await loginAs(player, '/Sports');
  const token = await sessionToken(page);
  const launches: [string, string, Record<string, string>][] = [
    ['Regular (x70)', 'ending', { id: game.Ending._id, type: '101' }],
    ['Overtime', 'ending', { id: game.Ending._id, type: '105' }],
  ];
  if (game.Endingwq) launches.push(['Quarter Prize', 'endingwq', { id: game.Endingwq._id }]);
  if (game.Endingwqr) launches.push(['Quarter & Reverse Prize', 'endingwq', { id: game.Endingwqr._id }]);
  if (game.OddEven) launches.push(['Odd/Even', 'oddeven', { id: game.OddEven._id }]);
  if (game.FTTS) launches.push(['First Team To Score', 'ftts', { id: game.FTTS._id }]);
  if (game.Teambetting) launches.push(['Team Winner', 'teambetting', { id: game.Teambetting._id }]);
  expect(launches).toHaveLength(7);

  for (const [title, site, params] of launches) {
    await page.goto(`${hostUrl()}/Sports`);
    await page.locator(`[data-testid="game-card"][data-game-id="${game._id}"]`).getByRole('button', { name: /^Bet Now/ }).click();
    await page.getByRole('dialog', { name: 'Select Betting Game' }).getByRole('link', { name: `Place bet: ${title}` }).click();
    await expectGameSite(page, player, site, params, { notSession: token });
    // The stand-in knows the match the id names.
    await expect(page.getByTestId('sports-game')).toContainText(`${game.Team1.Acronym} vs ${game.Team2.Acronym}`);
    // The launch route replaced itself: Back returns to the Sports page.
    await page.goBack();
    await expect(page).toHaveURL(`${hostUrl()}/Sports`);
  }
});

test('a launch of an unknown game explains itself and stays on the site', async ({ page, loginAs }) => {
  const player = await registerPlayer('launch');
  await loginAs(player, '/EndingRoute/0123456789abcdef01234567/101');
  await expect(page.getByRole('heading', { name: 'Game not found' })).toBeVisible();
  await expect(page.getByText('There is no basketball game “0123456789abcdef01234567” on the schedule. Choose a game on the Sports page.')).toBeVisible();
  await page.goto(`${hostUrl()}/EndingRoute/0123456789abcdef01234567/999`);
  await expect(page.getByText('Ending has no game “999”: 101 is the Regular Ending, 105 the Overtime.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
});

test('a launch route needs a session: sign in first, then the game opens', async ({ page }) => {
  const player = await registerPlayer('launch');
  const game = await openGame();
  await page.goto(`${hostUrl()}/OddEven/${game.OddEven?._id ?? ''}`);
  await expect(page).toHaveURL(`${hostUrl()}/`);
  await signInThroughGuardDialog(page, player);
  await expectGameSite(page, player, 'oddeven', { id: game.OddEven?._id ?? '' });
});
