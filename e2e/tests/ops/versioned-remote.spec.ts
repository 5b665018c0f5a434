import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { listReleases, publishRelease } from '@suwerte/tools/publish-remote';
import { DEMO, apiUrl, loginToken } from '../../support/api';
import { expect, persistedSession, test } from '../../support/fixtures';
import { VERSIONED_SITE_BASE } from './ops-ports';
import { buildRelease, buildsFolder, releaseNote } from './releases';

// Versioned remotes, as an operator does it with the site running: remote-lotto is built again
// as release 1.1.0 with a visible change (into its own folder — remote-lotto/dist stays as it
// is), published beside 1.0.0 on the lotto server, and the host's remotes.json is edited. A
// fresh page load shows 1.1.0 with no host rebuild or restart; reverting the edit brings 1.0.0
// back.

const NEXT = '1.1.0';
const RELEASE_NOTE = releaseNote('lotto', NEXT);

let site: NginxSite;
let work: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = buildsFolder('versioned');
  await buildRelease('lotto', NEXT, path.join(work, 'lotto-next'));
  // The site as compose runs it, with the host pinned to lotto 1.0.0 (REMOTE_LOTTO_VERSION).
  site = await startNginxSite({ portBase: VERSIONED_SITE_BASE, apiUrl: apiUrl(), releases: { lotto: '1.0.0' }, hostVersions: { lotto: '1.0.0' } });
});

test.afterAll(async () => {
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Lotto release folders the page fetched its code from since the last call. */
function lottoReleasesSeen(page: Page): () => string[] {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === site.remoteUrl('lotto')) seen.add(url.pathname.split('/')[1] ?? '');
  });
  return () => {
    const releases = [...seen].sort();
    seen.clear();
    return releases;
  };
}

/** A fresh load of /Lotto; `releasesSeen` then counts only its requests. */
async function openLotto(page: Page, releasesSeen: () => string[]): Promise<void> {
  // The previous page ends first, and its idle work with it (a dialog's code preloaded when the
  // browser is idle, docs/decisions/225): a late request of the old release is not this load's.
  await page.goto('about:blank');
  releasesSeen();
  await page.goto(`${site.hostUrl}/Lotto`);
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
}

test('a new release goes live by an edit of remotes.json and is rolled back by reverting it', async ({ page }) => {
  await page.goto(`${site.hostUrl}/Responsiblegaming`);
  await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(await loginToken(DEMO)));
  const releasesSeen = lottoReleasesSeen(page);
  const hostPid = site.hostPid;

  await test.step('the site runs lotto 1.0.0', async () => {
    await openLotto(page, releasesSeen);
    await expect(page.getByTestId('remote-release')).toHaveCount(0);
    expect(releasesSeen()).toEqual(['1.0.0']);
  });

  await test.step(`publishing ${NEXT} beside it changes nothing by itself`, async () => {
    publishRelease({ remote: 'lotto', dist: path.join(work, 'lotto-next'), releasesDir: site.releasesDir('lotto'), version: NEXT });
    expect(listReleases(site.releasesDir('lotto'))).toEqual(['1.0.0', NEXT]);
    await openLotto(page, releasesSeen);
    await expect(page.getByTestId('remote-release')).toHaveCount(0);
    expect(releasesSeen()).toEqual(['1.0.0']);
  });

  const original = readFileSync(site.remotesJsonPath, 'utf8');
  await test.step(`editing remotes.json points the host at ${NEXT} on the next page load`, async () => {
    const registry = JSON.parse(original) as { remotes: Record<string, { entry: string; routes: string[] }> };
    const lotto = registry.remotes.lotto;
    if (!lotto) throw new Error('remotes.json has no lotto');
    expect(lotto.entry).toBe(`${site.remoteUrl('lotto')}/1.0.0/mf-manifest.json`);
    lotto.entry = `${site.remoteUrl('lotto')}/${NEXT}/mf-manifest.json`;
    writeFileSync(site.remotesJsonPath, JSON.stringify(registry, null, 2));

    await openLotto(page, releasesSeen);
    await expect(page.getByTestId('remote-release')).toHaveText(RELEASE_NOTE);
    await expect(page.getByTestId('remote-release')).toBeVisible();
    expect(releasesSeen()).toEqual([NEXT]);
    await page.screenshot({ path: test.info().outputPath('lotto-1.1.0.png') });
  });

  await test.step('reverting the edit rolls back to 1.0.0', async () => {
    writeFileSync(site.remotesJsonPath, original);
    await openLotto(page, releasesSeen);
    await expect(page.getByTestId('remote-release')).toHaveCount(0);
    expect(releasesSeen()).toEqual(['1.0.0']);
  });

  // Neither rebuilt nor restarted: the same nginx process served the host throughout.
  expect(site.hostPid).toBe(hostPid);
  expect(() => process.kill(hostPid, 0)).not.toThrow();
});
