import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { listReleases, main as publishRemote, publishRelease } from '@suwerte/tools/publish-remote';
import { REPO_ROOT } from '@suwerte/tools/site';
import { apiUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { DELIVERY_SITE_BASE } from './ops-ports';
import { buildRelease, buildsFolder, countLoads, releaseNote, signIn } from './releases';

// A tab open while a remote is deployed, then navigating within that remote: the chunks its page
// needs are gone from the server. Before, the page stayed blank; now it moves to the new release
// by itself — one reload, never a loop.

let work: string;
let site: NginxSite;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = buildsFolder('redeploy');
  await buildRelease('members', '1.1.0', path.join(work, 'members-1.1.0'));
  await buildRelease('members', '1.2.0', path.join(work, 'members-1.2.0'));
});

test.afterAll(async () => {
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The members side menu of the open tab. */
const membersMenu = (page: Page) => page.getByRole('navigation', { name: 'Members' });

test.describe('a site following the members server’s own release (REMOTE_MEMBERS_VERSION=current)', () => {
  test.beforeAll(async () => {
    site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl(), hostVersions: { members: 'current' } });
  });
  test.afterAll(async () => site?.stop());

  test('an open tab survives a redeploy of the remote it is on, with one reload and never a loop', async ({ page, consoleGuard }) => {
    // The old release's chunks are gone: the browser reports the failed requests.
    consoleGuard.allow(/Failed to load resource|ERR_BLOCKED_BY_ORB|Loading chunk/);
    await signIn(page, site.hostUrl);
    const loads = countLoads(page);
    await page.goto(`${site.hostUrl}/members/profile`);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(page.getByTestId('remote-release')).toHaveCount(0);
    expect(loads()).toBe(1);

    await test.step('members 1.1.0 is deployed while the tab is open; the tab opens another members page', async () => {
      await site.redeployRemote('members', { appDir: path.join(work, 'members-1.1.0'), release: '1.1.0' });
      await membersMenu(page).getByRole('link', { name: 'Deposit' }).click();
      await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
      await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('members', '1.1.0'));
      await expect(page).toHaveURL(`${site.hostUrl}/members/deposit`);
      expect(loads()).toBe(2);
      await page.screenshot({ path: test.info().outputPath('after-redeploy.png') });
    });

    await test.step('a second deploy right after: the page shows the panel instead of reloading again', async () => {
      await site.redeployRemote('members', { appDir: path.join(work, 'members-1.2.0'), release: '1.2.0' });
      await membersMenu(page).getByRole('link', { name: 'Withdraw' }).click();
      const panel = page.getByTestId('remote-unavailable-members');
      await expect(panel).toContainText('The members area is temporarily unavailable');
      await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
      // The header and the rest of the site keep working.
      await expect(page.getByTestId('header-balance')).toContainText('₱');
      await page.waitForTimeout(1000);
      expect(loads()).toBe(2);
    });
  });
});

test.describe('a site with members pinned (the default), pointed at a new release and pruned', () => {
  test.beforeAll(async () => {
    site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl() });
  });
  test.afterAll(async () => site?.stop());

  test('an open tab on the pruned release moves to the one remotes.json now names', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource|Loading chunk/);
    await signIn(page, site.hostUrl);
    const loads = countLoads(page);
    await page.goto(`${site.hostUrl}/members/profile`);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();

    publishRelease({ remote: 'members', dist: path.join(work, 'members-1.1.0'), releasesDir: site.releasesDir('members'), version: '1.1.0' });
    const host = path.join(REPO_ROOT, 'host', 'dist');
    expect(await publishRemote(['point', 'members', '--registry', site.remotesJsonPath, '--url', site.remoteUrl('members'), '--version', '1.1.0', '--host', host])).toBe(0);
    // Keeps what remotes.json uses (now 1.1.0) and the newest one: 1.0.0 goes.
    expect(await publishRemote(['prune', 'members', '--to', site.releasesDir('members'), '--keep', '1', '--registry', site.remotesJsonPath])).toBe(0);
    expect(listReleases(site.releasesDir('members'))).toEqual(['1.1.0']);

    await membersMenu(page).getByRole('link', { name: 'Bet History' }).click();
    await expect(page.getByRole('heading', { name: 'Bet History', level: 1 })).toBeVisible();
    await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('members', '1.1.0'));
    expect(loads()).toBe(2);
  });
});
