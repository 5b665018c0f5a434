import { expect, test } from '../../support/fixtures';
import { formatPeso as peso } from '@suwerte/money';
import { fundedPlayer, kareraPage } from '../karera/karera-support';

test('DeclareWinner re-enables betting: a bet made while the winner shows goes into the next round', async ({ page, loginAs }) => {
  const player = await fundedPlayer(1_000);
  await loginAs(player, '/VideoKarera');
  const view = kareraPage(page);
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  await expect(view.phase).toHaveAttribute('data-phase', 'closed', { timeout: 15_000 });
  await expect(view.placeBet('UNO')).toBeDisabled();

  // DeclareWinner (document 2, section 4): betting enabled again while the winner shows.
  await expect(view.phase).toHaveAttribute('data-phase', 'result', { timeout: 10_000 });
  await expect(view.placeBet('UNO')).toBeEnabled();
  await view.chip(50).click();
  await view.placeBet('UNO').click();
  // The result phase is 2.5 s in the suite: the dialog's next-round note may already be gone
  // (VideoKareraPage.test.tsx checks it); the bet must land in the next round either way.
  await expect(view.dialog).toBeVisible();
  await view.dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(view.alert).toHaveText('Bet Success', { timeout: 10_000 });
  await expect(view.phase).toHaveAttribute('data-phase', 'betting');
  await expect(view.stake('UNO')).toHaveText(peso(50));
  await expect(view.balance).toContainText(peso(950));

  // Alone on UNO: a UNO win returns the stake and says so; a DOS win is a plain loss.
  await expect(view.phase).toHaveAttribute('data-phase', 'result', { timeout: 15_000 });
  const winner = await page.locator('[data-testid^="karera-card-"][data-winner="true"]').getAttribute('data-testid');
  if (winner === 'karera-card-UNO') {
    await expect(view.alert).toHaveText(`No bets on the other side: your ${peso(50)} stake is back`);
    await expect(view.balance).toContainText(peso(1_000));
  } else {
    await expect(view.balance).toContainText(peso(950));
  }
});
