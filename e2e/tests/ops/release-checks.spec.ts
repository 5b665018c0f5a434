import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { publishRelease } from '@suwerte/tools/publish-remote';
import { REPO_ROOT } from '@suwerte/tools/site';
import { apiUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';
import { DELIVERY_SITE_BASE } from './ops-ports';
import { buildRelease, buildsFolder, releaseNote, requireFromHost, signIn } from './releases';

// Version skew found before players see it: each release records what it needs from the host;
// `publish-remote point` refuses what the host cannot run, and a host pointed at such a release
// anyway (by hand) names the reason instead of mounting it. And trying a release in one browser.

let work: string;
let site: NginxSite;
let original: string;
const HOST_DIST = path.join(REPO_ROOT, 'host', 'dist');
/** The @suwerte/shared the host provides, and the next minor and major a remote could be built against. */
const SHARED = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'kernel', 'package.json'), 'utf8')) as { version: string }).version;
const [MAJOR = 0, MINOR = 0] = SHARED.split('.').map(Number);
const NEXT_MINOR = `${MAJOR}.${MINOR + 1}.0`;
const NEXT_MAJOR = `${MAJOR + 1}.0.0`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = buildsFolder('skew');
  site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl() });
  original = readFileSync(site.remotesJsonPath, 'utf8');
  const built = await buildRelease('lotto', '1.1.0', path.join(work, 'lotto-1.1.0'));
  publishRelease({ remote: 'lotto', dist: built, releasesDir: site.releasesDir('lotto'), version: '1.1.0' });
  const variant = (version: string, change: Parameters<typeof requireFromHost>[1]) => {
    const dir = path.join(work, `lotto-${version}`);
    cpSync(built, dir, { recursive: true });
    requireFromHost(dir, change);
    publishRelease({ remote: 'lotto', dist: dir, releasesDir: site.releasesDir('lotto'), version });
  };
  // Built against the next minor of @suwerte/shared, importing two exports the host does not have yet.
  variant('1.2.0', { builtWith: NEXT_MINOR, addExports: ['OddsTable', 'formatOdds'] });
  // Built against the next major of the package.
  variant('2.0.0', { builtWith: NEXT_MAJOR, range: `^${NEXT_MAJOR}` });
  // Built against an older @suwerte/shared: uses only what the host has.
  variant('0.9.0', { builtWith: `${MAJOR}.0.0` });
});

test.afterAll(async () => {
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test.afterEach(() => writeFileSync(site.remotesJsonPath, original));

/** `npm run publish-remote -- point lotto …` against the running site, as an operator types it. */
function point(version: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/src/publish-remote.ts', 'point', 'lotto', '--registry', site.remotesJsonPath, '--url', site.remoteUrl('lotto'), '--version', version, '--host', HOST_DIST],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** An operator editing remotes.json by hand, past the tool's check. */
function pointByHand(version: string): void {
  const registry = JSON.parse(original) as { remotes: Record<string, { entry: string }> };
  const lotto = registry.remotes.lotto;
  if (!lotto) throw new Error('no lotto in remotes.json');
  lotto.entry = `${site.remoteUrl('lotto')}/${version}/mf-manifest.json`;
  writeFileSync(site.remotesJsonPath, JSON.stringify(registry, null, 2));
}

function lottoCodeRequested(page: Page, version: string): () => boolean {
  let requested = false;
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${site.remoteUrl('lotto')}/${version}/`) && url.endsWith('.js')) requested = true;
  });
  return () => requested;
}

for (const [name, version, reason] of [
  ['a newer minor that imports exports the host lacks', '1.2.0', /missing exports: OddsTable, formatOdds/],
  ['a newer major', '2.0.0', new RegExp(`needs @suwerte/shared \\^${NEXT_MAJOR.replace(/\./g, '\\.')}, the host has @suwerte/shared ${SHARED.replace(/\./g, '\\.')}`)],
] as const) {
  test(`${name}: point refuses it, and a host pointed at it by hand names the reason`, async ({ page }) => {
    const refused = point(version);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(new RegExp(`lotto ${version.replace(/\./g, '\\.')} cannot run on this site's host`));
    expect(refused.output).toMatch(reason);
    expect(readFileSync(site.remotesJsonPath, 'utf8')).toBe(original);

    pointByHand(version);
    const requested = lottoCodeRequested(page, version);
    await signIn(page, site.hostUrl);
    await page.goto(`${site.hostUrl}/Lotto`);
    const panel = page.getByTestId('remote-unavailable-lotto');
    await expect(panel).toContainText('Lotto needs a newer version of the site — reload');
    await expect(panel.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    // Checked before any of the release's code ran.
    expect(requested()).toBe(false);
    await expect(page.getByTestId('header-balance')).toContainText('₱');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`needs-newer-site-${version}.png`) });
  });
}

test('an older remote keeps working: point accepts it and its pages run', async ({ page }) => {
  const accepted = point('0.9.0');
  expect(accepted.output).toContain(`lotto: ${site.remoteUrl('lotto')}/1.0.0/mf-manifest.json → ${site.remoteUrl('lotto')}/0.9.0/mf-manifest.json`);
  expect(accepted.status).toBe(0);
  await signIn(page, site.hostUrl);
  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('lotto', '1.1.0'));
});

test.describe('trying a release in one browser', () => {
  test('?remote-release switches this browser only, flags every page, and stops on request', async ({ page, browser }) => {
    await signIn(page, site.hostUrl);
    await page.goto(`${site.hostUrl}/Lotto?remote-release=lotto@1.1.0`);
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('lotto', '1.1.0'));
    const flag = page.getByTestId('release-override-flag');
    await expect(flag).toContainText('Trying lotto 1.1.0 in this browser only');
    // Taken out of the address, so a shared link does not carry it.
    await expect(page).toHaveURL(`${site.hostUrl}/Lotto`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('override-flag.png') });

    await test.step('kept in this browser, flagged on every page', async () => {
      await page.goto(site.hostUrl);
      await expect(flag).toBeVisible();
      await page.goto(`${site.hostUrl}/Lotto`);
      await expect(page.getByTestId('remote-release')).toHaveText(releaseNote('lotto', '1.1.0'));
    });

    await test.step('another browser still gets the site’s release', async () => {
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await signIn(otherPage, site.hostUrl);
      await otherPage.goto(`${site.hostUrl}/Lotto`);
      await expect(otherPage.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
      await expect(otherPage.getByTestId('remote-release')).toHaveCount(0);
      await expect(otherPage.getByTestId('release-override-flag')).toHaveCount(0);
      await other.close();
    });

    await test.step('Stop trying: back to the site’s release', async () => {
      await flag.getByRole('button', { name: 'Stop trying' }).click();
      await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
      await expect(flag).toHaveCount(0);
      await expect(page.getByTestId('remote-release')).toHaveCount(0);
    });
  });

  test('only a release published beside the site’s, never a URL', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    await signIn(page, site.hostUrl);
    await page.goto(`${site.hostUrl}/Lotto?remote-release=lotto@https://evil.example/mf-manifest.json`);
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    await expect(page.getByTestId('release-override-flag')).toHaveCount(0);
    // A release that is not published: the flag says what is tried, the remote's panel why it
    // fails — not published (issue 36; it said "temporarily unavailable"), with nothing to retry.
    await page.goto(`${site.hostUrl}/Lotto?remote-release=lotto@9.9.9`);
    await expect(page.getByTestId('release-override-flag')).toContainText('Trying lotto 9.9.9');
    const panel = page.getByTestId('remote-unavailable-lotto');
    await expect(panel).toContainText('lotto 9.9.9 is not published');
    await expect(panel).toContainText('This browser is trying a release this site does not have. Stop trying it to get the site’s release.');
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.goto(`${site.hostUrl}/?remote-release=off`);
    await expect(page.getByTestId('release-override-flag')).toHaveCount(0);
  });
});
