import { membersEndpoints } from '@suwerte/contracts';
import { callApi, registerPlayer } from '../../support/api';
import { seriousViolations } from '../../support/axe';
import { expect, test } from '../../support/fixtures';
import { PROOF_PNG, fillManualDeposit, sessionToken } from '../members/members-helpers';

/** A 1 MB proof: a PNG with padding after its end, as a phone's photo is large. */
const LARGE_PROOF = Buffer.concat([PROOF_PNG, Buffer.alloc(1024 * 1024)]);

// Item 15: a proof on a phone's connection takes a while — the player sees it go and can stop it.
test('the manual deposit proof upload shows its progress and can be cancelled, then sent again', async ({ page, loginAs }) => {
  const player = await registerPlayer('uploadbar');
  await loginAs(player, '/members/deposit');
  const dialog = await fillManualDeposit(page, { proof: LARGE_PROOF });

  // A slow phone connection (Chromium's own throttling; nothing is intercepted): 1 MB takes ~16 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await dialog.getByRole('button', { name: 'Submit deposit' }).click();

  const bar = dialog.getByRole('progressbar', { name: 'Proof upload' });
  await expect(bar).toBeVisible();
  // It moves: some of the proof is out, not all of it.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(dialog.getByText(/^Uploading your proof… \d+%$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('upload-progress.png') });
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Deposit Request Failed!' })).toBeHidden();
  // The form as it was; no deposit was made.
  await expect(dialog.getByLabel('Account name')).toHaveValue('Maria Clara');
  expect(await callApi(membersEndpoints.depositHistory, { token: await sessionToken(page) })).toEqual([]);

  // Back on a good connection, the same form goes through.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await dialog.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByRole('dialog', { name: 'Deposit Requested Successfully!' })).toBeVisible({ timeout: 15_000 });
});
