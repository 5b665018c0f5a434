import { seriousViolations } from '../../support/axe';
import { historyEndpoints } from '@suwerte/contracts';
import { callApi, loginToken } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { fundedPlayer, kareraPage, placeBet, waitForFreshBetting } from './karera-support';
import { formatPeso } from '@suwerte/money';

test('a player watches a round, bets on both sides, sees the totals move, the WINNER card and the balance change', async ({ page, loginAs }) => {
  const player = await fundedPlayer(1_000);
  await loginAs(player, '/VideoKarera');
  const view = kareraPage(page);
  await expect(page.getByRole('heading', { name: 'Video Karera', level: 1 })).toBeVisible();
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  await expect(view.connection).toHaveText('Live');
  await expect(view.balance).toContainText(formatPeso(1_000));

  await waitForFreshBetting(view.phase);
  await expect(view.alert).toHaveText('Start Betting');
  await expect(view.card('UNO')).toHaveAttribute('data-dimmed', 'false');

  await placeBet(page, 'UNO', { chip: 100 });
  await expect(view.balance).toContainText(formatPeso(900));
  await expect(view.total('UNO')).toHaveText(formatPeso(100));
  await expect(view.stake('UNO')).toHaveText(formatPeso(100));

  await placeBet(page, 'DOS', { amount: '100' });
  await expect(view.balance).toContainText(formatPeso(800));
  await expect(view.total('DOS')).toHaveText(formatPeso(100));

  // Betting closes: cards dimmed, Place Bet ignored.
  await expect(view.phase).toHaveAttribute('data-phase', 'closed', { timeout: 10_000 });
  await expect(view.alert).toHaveText('Betting Closed');
  await expect(view.card('UNO')).toHaveAttribute('data-dimmed', 'true');
  await expect(view.card('DOS')).toHaveAttribute('data-dimmed', 'true');
  await expect(view.placeBet('UNO')).toBeDisabled();

  // DeclareWinner: the winning card flips and shows WINNER.
  await expect(view.phase).toHaveAttribute('data-phase', 'result', { timeout: 10_000 });
  const winnerCard = page.locator('[data-testid^="karera-card-"][data-winner="true"]');
  await expect(winnerCard).toHaveCount(1);
  await expect(winnerCard.getByText('WINNER')).toBeVisible();
  const winner = (await winnerCard.getAttribute('data-testid'))?.replace('karera-card-', '');
  await expect(view.phase).toContainText(`${winner} wins!`);
  await expect(page.getByRole('list', { name: 'Last 10 results, most recent first' }).getByRole('listitem').first()).toHaveAttribute('aria-label', winner ?? '');

  // ₱100 on each side: the winner pays 100 + 100 × 100/100 − 10 = ₱190.00, so ₱800 + ₱190.
  await expect(view.balance).toContainText(formatPeso(990));

  // The bets and the payout are in the members' histories (game type 9000, [[1]] UNO / [[2]] DOS).
  const token = await loginToken(player);
  const bets = await callApi(historyEndpoints.bets, { token });
  const winnerCode = winner === 'UNO' ? 1 : 2;
  expect(bets.map((bet) => ({ pick: bet.BetDetails, status: bet.Status, amount: bet.Amount, type: bet.GameId.GameType, result: bet.GameId.ResultId }))).toEqual(
    expect.arrayContaining([
      { pick: [[1]], status: winnerCode === 1 ? 2 : 3, amount: 100, type: 9000, result: [{ result: [winnerCode] }] },
      { pick: [[2]], status: winnerCode === 2 ? 2 : 3, amount: 100, type: 9000, result: [{ result: [winnerCode] }] },
    ]),
  );
  const transactions = await callApi(historyEndpoints.transactions, { token });
  expect(transactions[0]).toMatchObject({ Mode: 'Win', Amount: 190, Balance: 990 });
});

test("bad stakes get 'Invalid Amount' and no bet is placed", async ({ page, loginAs }) => {
  const player = await fundedPlayer(50);
  await loginAs(player, '/VideoKarera');
  const view = kareraPage(page);
  await expect(view.balance).toContainText(formatPeso(50));
  await waitForFreshBetting(view.phase);

  await view.placeBet('UNO').click();
  await expect(view.alert).toHaveText('Invalid Amount');
  await expect(view.dialog).toBeHidden();

  // Above the balance.
  await view.chip(100).click();
  await view.placeBet('DOS').click();
  await expect(view.alert).toHaveText('Invalid Amount');
  await view.amount.fill('0');
  await view.placeBet('DOS').click();
  await expect(view.dialog).toBeHidden();

  // Cancel places nothing.
  await view.amount.fill('50');
  await view.placeBet('DOS').click();
  await expect(view.dialog.getByTestId('confirm-stake')).toHaveText(formatPeso(50));
  await view.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(view.dialog).toBeHidden();
  await expect(view.stake('DOS')).toHaveText(formatPeso(0));
  await expect(view.balance).toContainText(formatPeso(50));
  expect(await callApi(historyEndpoints.bets, { token: await loginToken(player) })).toEqual([]);
});

test('the Uno/Dos table shows the stakes and the payout of each side', async ({ page, loginAs }) => {
  const player = await fundedPlayer(500);
  await loginAs(player, '/UnoDos');
  const view = kareraPage(page);
  await expect(page.getByRole('heading', { name: 'Uno/Dos', level: 1 })).toBeVisible();
  await waitForFreshBetting(view.phase);

  await placeBet(page, 'UNO', { chip: 100 });
  await expect(view.stake('UNO')).toHaveText(formatPeso(100));
  // Nobody on DOS yet: a win would return the stake.
  await expect(page.getByTestId('payout-UNO')).toHaveText(formatPeso(100));
  await expect(page.getByText('No bets on DOS yet: a win returns the stake.')).toBeVisible();

  await placeBet(page, 'DOS', { chip: 50 });
  await expect(view.total('DOS')).toHaveText(formatPeso(50));
  // UNO: 100 + 100 × 50/100 − 10 = ₱140.00; DOS: 50 + 50 × 100/50 − 5 = ₱145.00.
  await expect(page.getByTestId('payout-UNO')).toHaveText(formatPeso(140));
  await expect(page.getByTestId('payout-DOS')).toHaveText(formatPeso(145));
  // Both stakes left the balance (₱350.00) — plus the winner's payout (₱140 or ₱145) if the
  // round has already been settled on a slow machine.
  await expect(view.balance).toHaveText(new RegExp(`^(${[350, 490, 495].map((pesos) => formatPeso(pesos).replace(/[.$]/g, '\\$&')).join('|')})$`));
});

test('the Video Karera page has no serious accessibility violations', async ({ page, loginAs }) => {
  await loginAs(await fundedPlayer(100), '/VideoKarera');
  await expect(kareraPage(page).connection).toHaveAttribute('data-state', 'live');
  await expect(page.getByRole('button', { name: 'Place Bet on UNO' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
