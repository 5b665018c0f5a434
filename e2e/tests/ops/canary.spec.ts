import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { publishRelease } from '@suwerte/tools/publish-remote';
import { REPO_ROOT } from '@suwerte/tools/site';
import { NON_PLAYER, apiUrl, loginToken } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { DELIVERY_SITE_BASE } from './ops-ports';
import { buildRelease, buildsFolder, releaseNote, signIn } from './releases';

// A canary with its own alarm: remotes.json gives lotto 1.1.0 to half of the players (set by the
// host container's REMOTE_LOTTO_CANARY_VERSION/_SHARE), each browser keeps its side, failures in
// players' pages are reported per release, and the operator reads them and promotes or aborts.

let work: string;
let site: NginxSite;
const HOST_DIST = path.join(REPO_ROOT, 'host', 'dist');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = buildsFolder('canary');
  site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl(), canaries: { lotto: { version: '1.1.0', share: 50 } } });
  const built = await buildRelease('lotto', '1.1.0', path.join(work, 'lotto-1.1.0'));
  publishRelease({ remote: 'lotto', dist: built, releasesDir: site.releasesDir('lotto'), version: '1.1.0' });
});

test.afterAll(async () => {
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `npm run publish-remote -- <args>`, as the operator runs it. */
function publishRemote(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/src/publish-remote.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A new player's browser: which lotto release does its /Lotto run? */
async function lottoReleaseOf(page: Page): Promise<'1.0.0' | '1.1.0'> {
  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  // The 1.1.0 badge is added by its route table: present at once if it runs.
  return (await page.getByTestId('remote-release').count()) > 0 ? '1.1.0' : '1.0.0';
}

async function newPlayer(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, site.hostUrl);
  return page;
}

/** Fresh browsers until one lands on `release` (half of them do). */
async function playerOn(browser: Browser, release: '1.0.0' | '1.1.0'): Promise<Page> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const page = await newPlayer(browser);
    if ((await lottoReleaseOf(page)) === release) return page;
    await page.context().close();
  }
  throw new Error(`no browser landed on lotto ${release} in 20 tries`);
}

test('a canary at 50 % serves both releases to different players, each keeping its own', async ({ browser }) => {
  const seen = new Map<string, number>();
  for (let player = 0; player < 16 && seen.size < 2; player += 1) {
    const page = await newPlayer(browser);
    const release = await lottoReleaseOf(page);
    seen.set(release, (seen.get(release) ?? 0) + 1);
    // Sticky: the same browser gets the same release on its next visit.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    expect(await lottoReleaseOf(page)).toBe(release);
    await page.context().close();
  }
  expect([...seen.keys()].sort()).toEqual(['1.0.0', '1.1.0']);
});

test('a failure of the canary reaches publish-remote status, counted against its release', async ({ browser }) => {
  const page = await playerOn(browser, '1.1.0');
  // The canary's lotto page code does not arrive in this player's page.
  let routesLoaded = false;
  let failed = false;
  await page.route(new RegExp(`^${site.remoteUrl('lotto')}/1\\.1\\.0/.*\\.js$`), async (route) => {
    const file = path.basename(new URL(route.request().url()).pathname);
    if (file.startsWith('__federation_expose_routes')) routesLoaded = true;
    // Not the chunk that starts the page's data beside its code (docs/decisions/211): its failure is not the page's.
    else if (routesLoaded && !failed && !file.startsWith('__federation_expose_') && file !== 'remoteEntry.js' && !file.startsWith('data-')) {
      failed = true;
      await route.abort();
      return;
    }
    await route.continue();
  });
  await page.goto(`${site.hostUrl}/Responsiblegaming`);
  const reported = page.waitForResponse((response) => response.url().endsWith('/telemetry/remote-errors') && response.status() === 202);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page.getByTestId('remote-unavailable-lotto')).toBeVisible();
  const body = (await reported).request().postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({ remote: 'lotto', release: '1.1.0', canary: true, kind: 'load', route: '/Lotto', message: expect.stringContaining('ChunkLoadError') });
  await page.context().close();

  const token = await loginToken(NON_PLAYER);
  const status = publishRemote(['status', 'lotto', '--registry', `${site.hostUrl}/remotes.json`, '--api', apiUrl(), '--hours', '1'], { SUWERTE_OPERATOR_TOKEN: token });
  expect(status.status, status.output).toBe(0);
  expect(status.output).toMatch(/pinned +1\.0\.0 +50 % of players +no errors/);
  expect(status.output).toMatch(/canary +1\.1\.0 +50 % of players +1 error \(1 load\)/);
});

test('abort puts every player back on the pinned release; promote gives every player the canary', async ({ browser }) => {
  const aborted = publishRemote(['abort', 'lotto', '--registry', site.remotesJsonPath]);
  expect(aborted.output).toContain('lotto: canary 1.1.0 ended; every player is on the pinned release');
  for (let player = 0; player < 3; player += 1) {
    const page = await newPlayer(browser);
    expect(await lottoReleaseOf(page)).toBe('1.0.0');
    await page.context().close();
  }

  const started = publishRemote(['canary', 'lotto', '--registry', site.remotesJsonPath, '--url', site.remoteUrl('lotto'), '--version', '1.1.0', '--share', '50', '--host', HOST_DIST]);
  expect(started.status, started.output).toBe(0);
  // promote compares players' vitals on the canary with the pinned release's (canary-vitals.spec): too few here to judge.
  const promoted = publishRemote(['promote', 'lotto', '--registry', site.remotesJsonPath, '--host', HOST_DIST, '--api', apiUrl()], { SUWERTE_OPERATOR_TOKEN: await loginToken(NON_PLAYER) });
  expect(promoted.status, promoted.output).toBe(0);
  expect(promoted.output).toContain('lotto: canary 1.1.0 promoted for every player (was 1.0.0)');
  for (let player = 0; player < 3; player += 1) {
    const page = await newPlayer(browser);
    expect(await lottoReleaseOf(page)).toBe('1.1.0');
    await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('lotto', '1.1.0'));
    await page.context().close();
  }
});
