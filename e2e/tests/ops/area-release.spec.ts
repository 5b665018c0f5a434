import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { publishRelease } from '@suwerte/tools/publish-remote';
import { REPO_ROOT, type Remote } from '@suwerte/tools/site';
import { apiUrl, fundPlayer, registerPlayer } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { confirmNotice, openGame, pickCombination, toast } from '../sports/sports-helpers';
import { DELIVERY_SITE_BASE } from './ops-ports';
import { buildEditedRelease, buildsFolder, signIn } from './releases';

// An area's change ships with the area (issue 33): a team changes one text or constant of its area
// — in the area's library (@suwerte/contracts/sports, /lotto), which its remote bundles — builds
// that remote alone, publishes it beside the site's releases and points the host at it. The host is
// neither rebuilt nor restarted, and players see the change. (Before the kernel split, the host's
// copy of the shared package won and the change never showed.)

const NEXT = '1.1.0';
const TOAST = { from: "placed: 'Bet Placed Successfully'", to: "placed: 'Bet Placed — Good Luck!'" };
const ADD_ON = { from: 'export const LOTTO_JACKPOT_ADD_ON_PESOS = 5;', to: 'export const LOTTO_JACKPOT_ADD_ON_PESOS = 7;' };

let site: NginxSite;
let work: string;
let hostIndex: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = buildsFolder('area');
  await buildEditedRelease('sports', NEXT, path.join(work, 'sports'), [{ file: 'shared/contracts/src/contracts/sports.ts', ...TOAST }]);
  await buildEditedRelease('lotto', NEXT, path.join(work, 'lotto'), [{ file: 'shared/contracts/src/contracts/lotto.ts', ...ADD_ON }]);
  site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl(), releases: { sports: '1.0.0', lotto: '1.0.0' } });
  publishRelease({ remote: 'sports', dist: path.join(work, 'sports'), releasesDir: site.releasesDir('sports'), version: NEXT });
  publishRelease({ remote: 'lotto', dist: path.join(work, 'lotto'), releasesDir: site.releasesDir('lotto'), version: NEXT });
  hostIndex = await (await fetch(`${site.hostUrl}/`)).text();
});

test.afterAll(async () => {
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `npm run publish-remote -- point <remote> …`, as the area's team types it: checked against the host's build, then remotes.json. */
function point(remote: Remote, version: string): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/src/publish-remote.ts', 'point', remote, '--registry', site.remotesJsonPath, '--url', site.remoteUrl(remote), '--version', version, '--host', path.join(REPO_ROOT, 'host', 'dist')],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  expect(`${result.stdout}${result.stderr}`).toContain(`${site.remoteUrl(remote)}/${version}/mf-manifest.json`);
  expect(result.status).toBe(0);
}

/** The host serves the very build it served before (its index.html names its content-hashed shell): nothing of it was rebuilt. */
async function expectHostUnchanged(): Promise<void> {
  expect(await (await fetch(`${site.hostUrl}/`)).text()).toBe(hostIndex);
}

async function placeMajorBet(page: Page): Promise<void> {
  const game = await openGame();
  await page.goto(`${site.hostUrl}/Basketball/Major/${game._id}`);
  await confirmNotice(page);
  const rows = page.getByTestId('jackpot-row');
  await expect(rows).toHaveCount(3);
  const base = Math.floor(Math.random() * 70);
  for (const [index, offset] of [0, 10, 20].entries()) {
    const n = (base + offset) % 100;
    await pickCombination(page, rows.nth(index), Math.floor(n / 10), n % 10);
    await rows.nth(index).getByRole('textbox', { name: /^Amount for/ }).fill('10');
  }
  await page.getByRole('button', { name: 'CONFIRM' }).click();
}

test('a jackpot toast renamed in the sports library, built into remote-sports alone, reaches the page; the host is untouched', async ({ page }) => {
  const player = await registerPlayer('arearelease');
  await fundPlayer(player, 1000);
  await signIn(page, site.hostUrl, player);

  await test.step('the site runs sports 1.0.0: the toast as the spec words it', async () => {
    await placeMajorBet(page);
    await expect(toast(page, 'Bet Placed Successfully')).toBeVisible();
  });

  await test.step(`sports ${NEXT} pointed at: the renamed toast`, async () => {
    point('sports', NEXT);
    await placeMajorBet(page);
    await expect(toast(page, 'Bet Placed — Good Luck!')).toBeVisible();
    await expect(toast(page, 'Bet Placed Successfully')).toHaveCount(0);
    await expectHostUnchanged();
  });
});

test('a lotto constant changed in the lotto library, built into remote-lotto alone, reaches the page; rolling back brings the old one', async ({ page }) => {
  const original = readFileSync(site.remotesJsonPath, 'utf8');
  await signIn(page, site.hostUrl);
  const addOn = page.getByTestId('lotto-jackpot-add-on');

  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(addOn).toContainText('+ ₱5.00 add-on');

  point('lotto', NEXT);
  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(addOn).toContainText('+ ₱7.00 add-on');
  await expectHostUnchanged();

  // Rolled back as an operator does: remotes.json as it was. nginx's validators (ETag, Last-Modified)
  // have a one-second resolution, and the two files are the same size: a second apart, the browser's
  // revalidation sees the edit.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  writeFileSync(site.remotesJsonPath, original);
  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(addOn).toContainText('+ ₱5.00 add-on');
});
