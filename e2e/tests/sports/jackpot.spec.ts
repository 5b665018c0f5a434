import { JACKPOT_ATTENDANCE, sportsEndpoints } from '@suwerte/contracts';
import { callApi, fundPlayer, hostUrl, loginToken, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { balanceOf, confirmNotice, openGame, peso, pickCombination, toast } from './sports-helpers';

/** Digits no other test bets on, so what is still available on them is this test's alone to change. */
function freshDigits(): [number, number][] {
  const base = Math.floor(Math.random() * 70);
  return [0, 10, 20].map((offset) => {
    const n = (base + offset) % 100;
    return [Math.floor(n / 10), n % 10];
  });
}

test('a Major bet: placed, the header balance drops, Active Bets (1), an edit over the max refused, an edit saved', async ({ page, loginAs }) => {
  const player = await registerPlayer('major');
  await fundPlayer(player, 1000);
  const game = await openGame();
  const token = await loginToken(player);
  const digits = freshDigits();
  const available = await Promise.all(
    digits.map(([slot1, slot2], index) => callApi(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1, slot2, quarter: index + 1 }, token })),
  );

  await loginAs(player, `/Basketball/Major/${game._id}`);
  await confirmNotice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Major Jackpot Betting' })).toBeVisible();
  await expect(page.getByTestId('match-header')).toContainText(game.Team1.TeamName);
  await expect(page.getByTestId('header-balance')).toHaveText('₱1,000.00');
  const rows = page.getByTestId('jackpot-row');
  await expect(rows).toHaveCount(3);

  // CONFIRM on an empty form: the first check that fails.
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(toast(page, 'ALL FIELDS REQUIRED')).toBeVisible();

  const stakes = [20, 30, 40];
  for (const [index, [slot1, slot2]] of digits.entries()) {
    const row = rows.nth(index);
    await pickCombination(page, row, slot1, slot2);
    await expect(row.getByTestId('row-max')).toHaveText(peso(available[index]?.max ?? -1));
    await row.getByRole('textbox', { name: /^Amount for/ }).fill(String(stakes[index]));
    await expect(row.getByTestId('row-win')).toHaveText(peso((stakes[index] ?? 0) * 70));
  }
  await expect(page.getByTestId('jackpot-total')).toHaveText(peso(95));
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(toast(page, 'Bet Placed Successfully')).toBeVisible();
  // The stakes and the ₱5 attendance left the balance, and the header shows it at once.
  await expect(page.getByTestId('header-balance')).toHaveText(peso(1000 - 90 - JACKPOT_ATTENDANCE));
  // The form is back to its starting rows.
  await expect(rows.first().getByRole('button', { name: 'Pick combination for q1' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Bets (1)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Active Bets (1)' }).click();
  const set = page.getByTestId('bet-set');
  await expect(set).toHaveCount(1);
  await expect(set.getByTestId('bet-set-date')).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} (am|pm)$/);
  await expect(set.getByTestId('bet-line-amount')).toHaveText(['₱20.00', '₱30.00', '₱40.00']);

  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });
  await set.getByRole('button', { name: 'EDIT' }).click();
  const q1 = set.getByRole('textbox', { name: 'New amount for Q1' });
  // What Q1 may hold after the edit: what is still available (₱20 less since the bet) plus its
  // own ₱20 — what was available before the bet.
  const max = available[0]?.max ?? 0;
  await expect(set.getByText(`Max ${peso(max)}`).first()).toBeVisible();
  await q1.fill(String(max + 1));
  await set.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(page, 'Maximum bet amount exceeded')).toBeVisible();
  expect(puts).toEqual([]);

  await q1.fill('25');
  await set.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(page, 'Bet Updated Successfully')).toBeVisible();
  await expect(set.getByRole('button', { name: 'EDIT' })).toBeVisible();
  await expect(set.getByTestId('bet-line-amount')).toHaveText(['₱25.00', '₱30.00', '₱40.00']);
  expect(puts).toHaveLength(1);
  // The ₱5 more came off the balance, once.
  await expect(page.getByTestId('header-balance')).toHaveText(peso(1000 - 95 - JACKPOT_ATTENDANCE));
  expect(await balanceOf(page)).toBe(900);
  const sets = await callApi(sportsEndpoints.jackpotBets, { params: { jackpot: 2, endingId: game.Ending._id }, token });
  expect(sets.map((entry) => [entry.Amount, entry.Amounttwo, entry.Amountthree])).toEqual([[25, 30, 40]]);
});

test('the Minor page has two rows with distinct quarters to choose', async ({ page, loginAs }) => {
  const game = await openGame();
  await loginAs(await registerPlayer('minor'), `/Basketball/Minor/${game._id}`);
  await confirmNotice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Minor Jackpot Betting' })).toBeVisible();
  const rows = page.getByTestId('jackpot-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Row 1, Q1');
  await expect(rows.nth(1)).toHaveAttribute('aria-label', 'Row 2, Q2');
  // Q2 is the other row's: disabled in the first row's selector.
  const quarters = page.getByRole('radiogroup', { name: 'Quarter for row 1' });
  await expect(quarters.getByRole('radio', { name: 'Q2' })).toBeDisabled();
  await quarters.getByText('Q4').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Row 1, Q4');
  await expect(page.getByRole('radiogroup', { name: 'Quarter for row 2' }).getByRole('radio', { name: 'Q4' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Active Bets (0)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Active Bets (0)' }).click();
  await expect(page.getByText('No Active Bets')).toBeVisible();
});

test("the Grand page's attendance notice stays dismissed after a reload once 'Don't show this again' is confirmed", async ({ page, loginAs }) => {
  const game = await openGame();
  await loginAs(await registerPlayer('grand'), `/Basketball/Grandjackpot/${game._id}`);
  const notice = page.getByRole('dialog', { name: 'Grand Jackpot Attendance' });
  await expect(notice).toContainText('A ₱5.00 Grand Jackpot attendance is charged per jackpot entry');
  await notice.getByRole('checkbox', { name: "Don't show this again" }).check();
  await notice.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Grand Jackpot Betting' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('jackpot-row')).toHaveCount(4);
  await page.waitForTimeout(500);
  await expect(notice).toBeHidden();
  const persisted = await page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { state?: { jackpotNotice?: boolean } }).state?.jackpotNotice);
  expect(persisted).toBe(false);
  // Another jackpot page: not shown either.
  await page.goto(`${hostUrl()}/Basketball/Major/${game._id}`);
  await expect(page.getByTestId('jackpot-row')).toHaveCount(3);
  await expect(notice).toBeHidden();
});

test('the Grand CARD shows what is still available per combination and quarter, a placed stake taken off', async ({ page, loginAs }) => {
  const player = await registerPlayer('card');
  await fundPlayer(player, 500);
  const game = await openGame();
  const token = await loginToken(player);
  const [[a, b] = [0, 0]] = freshDigits();
  const before = await callApi(sportsEndpoints.slotAvailability, { params: { endingId: game.Ending._id }, query: { slot1: a, slot2: b, quarter: 2 }, token });
  await callApi(sportsEndpoints.placeJackpotBet, {
    body: {
      bets: [
        { Amount: 10, jackpot: 1, slot1: (a + 1) % 10, slot2: b, quarter: 1 },
        { Amount: 50, jackpot: 1, slot1: a, slot2: b, quarter: 2 },
      ],
      GameId: game.Ending._id,
    },
    token,
  });
  await loginAs(player, `/Basketball/Grandjackpot/${game._id}`);
  await confirmNotice(page);
  await page.getByRole('button', { name: 'CARD', exact: true }).click();
  const card = page.getByRole('dialog', { name: 'Max Bet Card' });
  const grid = card.getByRole('table', { name: 'Max bet per combination, Q1' });
  await expect(grid.getByRole('row')).toHaveCount(11);
  await expect(grid.getByRole('row').nth(1).getByRole('cell')).toHaveCount(10);
  await card.getByText('Q2', { exact: true }).click();
  const q2 = card.getByRole('table', { name: 'Max bet per combination, Q2' });
  const cell = q2.getByRole('row').nth(a + 1).getByRole('cell').nth(b);
  await expect(cell).toHaveAttribute('title', `${a}-${b}: ₱${before.max - 50}`);
});
