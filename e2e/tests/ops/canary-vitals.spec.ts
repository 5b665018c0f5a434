import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { telemetryEndpoints } from '@suwerte/contracts';
import { startNginxSite, readJson, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { publishRelease } from '@suwerte/tools/publish-remote';
import { REPO_ROOT } from '@suwerte/tools/site';
import { NON_PLAYER, apiUrl, callApi, loginToken } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { DELIVERY_SITE_BASE } from './ops-ports';
import { signIn } from './releases';

// Real players' vitals per release (issue 34): a page load on a remote's route measures LCP, INP
// and CLS with web-vitals and reports them with the remote's release through the real telemetry
// route; `publish-remote status` prints their p75 per release, and `promote` refuses a canary
// whose p75 LCP is more than 15 % worse than the pinned release's unless forced. The site is the
// nginx site compose runs, with every page load sampled (VITALS_SAMPLE_RATE=1).

let site: NginxSite;
const HOST_DIST = path.join(REPO_ROOT, 'host', 'dist');
/** The canary: this checkout's lotto build, published again under another release name. */
const CANARY = '1.2.0';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startNginxSite({ portBase: DELIVERY_SITE_BASE, apiUrl: apiUrl(), env: { VITALS_SAMPLE_RATE: '1' } });
  publishRelease({ remote: 'lotto', dist: path.join(REPO_ROOT, 'remote-lotto', 'dist'), releasesDir: site.releasesDir('lotto'), version: CANARY });
});

test.afterAll(async () => {
  await site?.stop();
});

/** `npm run publish-remote -- <args>` as the operator runs it, with an operator's token. */
async function publishRemote(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/src/publish-remote.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, SUWERTE_OPERATOR_TOKEN: await loginToken(NON_PLAYER) },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The API's figures for lotto, as an operator reads them. */
async function lottoVitals() {
  return callApi(telemetryEndpoints.vitalsSummary, { query: { hours: 1, remote: 'lotto' }, token: await loginToken(NON_PLAYER) });
}

const isVitals = (request: Request) => request.url() === `${apiUrl()}/telemetry/vitals` && request.method() === 'POST';

test('a real page load on /Lotto reports its LCP, INP and CLS with lotto’s release, and they reach the API and status', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signIn(page, site.hostUrl);
  const before = await lottoVitals();
  const sent: Request[] = [];
  context.on('request', (request) => {
    if (isVitals(request)) sent.push(request);
  });
  const reported = (metric: string) => sent.filter((request) => (request.postDataJSON() as { metric?: string }).metric === metric);

  // A signed-in player lands on /Lotto (a bookmark) and taps the page. The measuring code comes
  // once the page has loaded and the browser is idle; from then on LCP is final at the next tap.
  await page.goto(`${site.hostUrl}/Lotto?draw=today#top`);
  const heading = page.getByRole('heading', { name: 'Lotto', level: 1 });
  await expect(heading).toBeVisible();
  await expect
    .poll(async () => {
      await heading.click();
      return reported('LCP').length;
    }, { intervals: [500], timeout: 15_000 })
    .toBe(1);
  const [report] = reported('LCP');
  // The remote and release of the page, its route prefix, one number: no user, token, query or full address.
  expect(report?.postDataJSON()).toEqual({ remote: 'lotto', release: '1.0.0', canary: false, route: '/Lotto', metric: 'LCP', value: expect.any(Number) });
  expect((report?.postDataJSON() as { value: number }).value).toBeGreaterThan(0);
  expect(await report?.allHeaders()).not.toHaveProperty('authorization');

  // Leaving the page reports INP (the taps) and CLS. web-vitals reads a tap's timing in the next
  // idle moment, and a page left before one comes reports no INP (its hidden handler runs before
  // the taps are read): the player pauses, as players do, before leaving.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
  await page.goto(`${site.hostUrl}/Responsiblegaming`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () => {
      const now = await lottoVitals();
      const count = (metric: string) => (now.find((row) => row.release === '1.0.0' && row.metric === metric)?.samples ?? 0) - (before.find((row) => row.release === '1.0.0' && row.metric === metric)?.samples ?? 0);
      return { LCP: count('LCP'), INP: count('INP'), CLS: count('CLS') };
    })
    .toEqual({ LCP: 1, INP: 1, CLS: 1 });
  // A page on the host's own route measures nothing (its numbers would be the shell's).
  expect(sent.map((request) => (request.postDataJSON() as { route: string }).route)).toEqual(sent.map(() => '/Lotto'));
  expect(reported('LCP')).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
  await context.close();

  const status = await publishRemote(['status', 'lotto', '--registry', `${site.hostUrl}/remotes.json`, '--api', apiUrl(), '--hours', '1']);
  expect(status.status, status.output).toBe(0);
  expect(status.output).toMatch(/pinned +1\.0\.0 +all players +[^\n]*\n +LCP p75 [\d,]+ ms \(\d+ samples?\) · INP p75 [\d,]+ ms \(\d+ samples?\) · CLS p75 \d\.\d{3} \(\d+ samples?\)\n/);
});

test('promote refuses a canary whose players’ p75 LCP is more than 15 % worse, saying why, unless forced', async () => {
  const started = await publishRemote(['canary', 'lotto', '--registry', site.remotesJsonPath, '--url', site.remoteUrl('lotto'), '--version', CANARY, '--share', '10', '--host', HOST_DIST]);
  expect(started.status, started.output).toBe(0);

  // Players' page loads, through the real route: the pinned release at 1,000 ms, the canary at
  // 1,500 ms; the same INP on both.
  const measure = (release: string, metric: 'LCP' | 'INP', value: number) =>
    callApi(telemetryEndpoints.reportVitals, { body: { remote: 'lotto', release, canary: release === CANARY, route: '/Lotto', metric, value } });
  for (let load = 0; load < 100; load += 1) {
    await measure('1.0.0', 'LCP', 1000);
    await measure('1.0.0', 'INP', 96);
    await measure(CANARY, 'LCP', 1500);
    await measure(CANARY, 'INP', 96);
  }

  const status = await publishRemote(['status', 'lotto', '--registry', site.remotesJsonPath, '--api', apiUrl(), '--hours', '1']);
  expect(status.status, status.output).toBe(0);
  expect(status.output).toMatch(/canary +1\.2\.0 +10 % of players +no errors\n +LCP p75 1,500 ms \(100 samples\) · INP p75 96 ms \(100 samples\)\n/);

  const refused = await publishRemote(['promote', 'lotto', '--registry', site.remotesJsonPath, '--api', apiUrl(), '--hours', '1', '--host', HOST_DIST]);
  expect(refused.status, refused.output).toBe(1);
  expect(refused.output).toMatch(
    /lotto: canary 1\.2\.0 not promoted: players' p75 LCP 1,500 ms against 1,000 ms on the pinned 1\.0\.0 \(50 % worse; 100 and \d+ samples\) — more than 15 % worse\. Abort it, or promote anyway with --force\./,
  );
  type Registry = { remotes: { lotto: { entry: string; canary?: { entry: string; share: number } } } };
  expect(readJson<Registry>(site.remotesJsonPath).remotes.lotto).toMatchObject({
    entry: `${site.remoteUrl('lotto')}/1.0.0/mf-manifest.json`,
    canary: { entry: `${site.remoteUrl('lotto')}/${CANARY}/mf-manifest.json`, share: 10 },
  });

  const forced = await publishRemote(['promote', 'lotto', '--registry', site.remotesJsonPath, '--force', '--host', HOST_DIST]);
  expect(forced.status, forced.output).toBe(0);
  expect(forced.output).toContain("lotto: promoting without comparing players' vitals (--force)");
  expect(forced.output).toContain(`lotto: canary ${CANARY} promoted for every player (was 1.0.0)`);
  const promoted = readJson<Registry>(site.remotesJsonPath).remotes.lotto;
  expect(promoted.entry).toBe(`${site.remoteUrl('lotto')}/${CANARY}/mf-manifest.json`);
  expect(promoted.canary).toBeUndefined();
});
