import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { FILES, KERNEL_KEYS, KERNEL_PACKAGE, REMOTE_NAMES } from '@suwerte/federation';
import { serveStatic, type StaticServer } from '@suwerte/tools/serve-static';
import { REPO_ROOT } from '@suwerte/tools/site';
import { DEMO, hostUrl, loginToken } from '../support/api';
import { expect, persistedSession, test } from '../support/fixtures';
import { serveHostWithRemoteAt, sitePorts as ports } from '../support/moved-remote-host';

/** The file of the host's production build whose source map lists `source` (exactly one). */
function hostChunkOf(source: string): string {
  const dist = path.join(REPO_ROOT, 'host', 'dist');
  const files = readdirSync(dist).filter((file) => file.endsWith('.js.map') && (JSON.parse(readFileSync(path.join(dist, file), 'utf8')) as { sources: string[] }).sources.some((name) => name.endsWith(`/${source}`)));
  if (files.length !== 1) throw new Error(`host/dist: ${files.length} chunks list ${source} in their source maps`);
  return (files[0] ?? '').slice(0, -'.map'.length);
}

/** Fails the first request for `url` (a dropped connection) and lets the next ones through; returns how many it failed. */
async function failFirstRequest(page: Page, url: string): Promise<() => number> {
  let aborted = 0;
  await page.route(url, async (route) => {
    if (aborted === 0) {
      aborted += 1;
      await route.abort();
      return;
    }
    await route.continue();
  });
  return () => aborted;
}

/** Counts React renderers (react-dom copies) through the DevTools hook React reports to. */
const COUNT_RENDERERS = `
  window.__renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { window.__renderers += 1; this.renderers.set(window.__renderers, renderer); return window.__renderers; },
    checkDCE() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
  };
`;

test('exactly one react-dom and one session store run across host and remotes', async ({ page, loginAs }) => {
  await page.addInitScript(COUNT_RENDERERS);
  await loginAs(DEMO, '/');
  await expect(page.getByRole('heading', { name: 'SUWERTE E-GAMES' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Games' }).click();
  await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
  await page.goto(`${hostUrl()}/members/profile`);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  // The remote page reads the balance the host's store holds.
  await expect(page.getByTestId('profile-username')).toHaveText(DEMO.username);
  expect(await page.evaluate(() => (window as unknown as { __renderers: number }).__renderers)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __suwerte?: { storeIds: string[] } }).__suwerte?.storeIds.length)).toBe(1);
});

test('remotes run on the host\'s federation runtime: one runtime core in the page, none in a remoteEntry', async ({ page, loginAs }) => {
  const entries: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.endsWith('/remoteEntry.js')) entries.push(await response.text());
  });
  await loginAs(DEMO, '/');
  await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
  await page.goto(`${hostUrl()}/members/profile`);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  // Every federation instance (the host's and each remote container's) is built by one core's class.
  const runtime = await page.evaluate(() => {
    const page = window as unknown as { _FEDERATION_RUNTIME_CORE?: unknown; __FEDERATION__?: { __INSTANCES__: { name: string; constructor: unknown }[] } };
    const instances = page.__FEDERATION__?.__INSTANCES__ ?? [];
    return { provided: page._FEDERATION_RUNTIME_CORE !== undefined, names: instances.map((instance) => instance.name), classes: new Set(instances.map((instance) => instance.constructor)).size };
  });
  expect(runtime.provided).toBe(true);
  expect(runtime.names).toEqual(expect.arrayContaining(['suwerte_host', 'members']));
  expect(runtime.classes).toBe(1);
  expect(entries.length).toBeGreaterThanOrEqual(2);
  // The core's own code (its global state, its share strategies) is not in any container.
  for (const entry of entries) {
    expect(entry).not.toContain('__GLOBAL_LOADING_REMOTE_ENTRY__');
    expect(entry).not.toContain('version-first');
  }
});

test('the first load of / fetches no code of a remote it does not show', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(hostUrl());
  await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
  const membersOrigin = `http://localhost:${ports().remotes.members}`;
  expect(requested.filter((url) => url.startsWith(membersOrigin))).toEqual([]);
});

test.describe('a remote that is down', () => {
  let host: StaticServer | null = null;
  let members: StaticServer | null = null;
  // Servers of this test only, next to the suite's own ports.
  const hostPort = ports().host + 90;
  const membersPort = ports().host + 91;
  const startMembers = async () => {
    members = await serveStatic({ root: path.join(REPO_ROOT, 'remote-members', 'dist'), port: membersPort });
  };

  test.beforeAll(async () => {
    host = await serveHostWithRemoteAt(hostPort, 'members', `http://localhost:${membersPort}`);
  });

  test.afterAll(async () => {
    await members?.close();
    await host?.close();
  });

  test('shows its fallback while the rest works, and Retry recovers once it is back', async ({ page, consoleGuard }) => {
    consoleGuard.allow(new RegExp(`localhost:${membersPort}|ERR_CONNECTION_REFUSED|Failed to fetch|RUNTIME-|members`));
    const origin = `http://localhost:${hostPort}`;
    await page.goto(`${origin}/Responsiblegaming`);
    await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(await loginToken(DEMO)));

    await page.goto(`${origin}/members/profile`);
    const fallback = page.getByTestId('remote-unavailable-members');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('The members area is temporarily unavailable');
    // Header, balance and other remotes keep working.
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Games' }).click();
    await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(fallback).toBeVisible();

    // Retry while still down: the attempt asks the remote again, fails, and leaves the fallback with
    // Retry ready. Waited out before the remote comes back, or this attempt would be the one to recover.
    const retry = fallback.getByRole('button', { name: 'Retry' });
    const attempt = page.waitForEvent('requestfailed', (request) => request.url().startsWith(`http://localhost:${membersPort}/`));
    await retry.click();
    await attempt;
    await expect(retry).toBeEnabled();
    await expect(fallback).toBeVisible();

    await startMembers();
    await retry.click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(fallback).toBeHidden();
  });
});

/**
 * Holds the requests matching `pattern` until released (a remote on a very slow connection).
 * `firstHeld` settles once the page has asked for one of them, so the test knows the remote really
 * is still loading. The route stays in place after the release and lets everything through:
 * removing it while the page starts a request can leave that request paused for good.
 */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ firstHeld: Promise<void>; release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  let noteHeld = () => undefined as void;
  const firstHeld = new Promise<void>((resolve) => {
    noteHeld = resolve;
  });
  await page.route(pattern, async (route) => {
    if (released) {
      await route.continue();
      return;
    }
    held.push(route);
    noteHeld();
  });
  return {
    firstHeld,
    release: async () => {
      released = true;
      // A request the page gave up meanwhile (a fetch of the page it left) is already handled.
      await Promise.all(
        held.splice(0).map((route) =>
          route.continue().catch((error: unknown) => {
            if (!String(error).includes('Route is already handled')) throw error;
          }),
        ),
      );
    },
  };
}

test.describe('a deep link while its remote is still loading', () => {
  for (const [path, remote, heading] of [
    ['/Lotto', 'lotto', 'Lotto'],
    ['/VideoKarera', 'karera', 'Video Karera'],
    ['/members/deposit', 'members', 'Deposit'],
  ] as const) {
    test(`${path} paints the header, nav, footer and a page skeleton at once`, async ({ page, loginAs }) => {
      const remoteOrigin = `http://localhost:${ports().remotes[remote]}`;
      const { firstHeld, release } = await holdRequests(page, new RegExp(`^${remoteOrigin}/`));
      await loginAs(DEMO, path);
      await firstHeld;
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByTestId('page-skeleton')).toBeVisible();
      await release();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    });
  }
});

test.describe('a remote page whose code fails to arrive', () => {
  for (const [failure, answer] of [
    ['aborted', (route: Route) => route.abort()],
    ['404', (route: Route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' })],
    ['an empty 200', (route: Route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' })],
  ] as const) {
    test(`${failure}: shows the remote's panel, and Retry recovers`, async ({ page, loginAs, consoleGuard }) => {
      consoleGuard.allow(/Failed to load resource/);
      const lottoOrigin = `http://localhost:${ports().remotes.lotto}`;
      let routesLoaded = false;
      let failed = '';
      // The first chunk the lotto page needs after its route table: the page's own code.
      await page.route(new RegExp(`^${lottoOrigin}/.*\\.js$`), async (route) => {
        const file = new URL(route.request().url()).pathname.slice(1);
        if (file.startsWith('__federation_expose_routes')) routesLoaded = true;
        // Not the chunk that starts the page's data beside its code (docs/decisions/211): its failure is not the page's.
        else if (routesLoaded && !failed && file !== 'remoteEntry.js' && !file.startsWith('__federation_expose_') && !file.startsWith('data-')) {
          failed = file;
          await answer(route);
          return;
        }
        await route.continue();
      });
      await loginAs(DEMO, '/Responsiblegaming');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
      const panel = page.getByTestId('remote-unavailable-lotto');
      await expect(panel).toContainText('Lotto is temporarily unavailable');
      expect(failed).not.toBe('');
      await expect(page.getByTestId('header-balance')).toContainText('₱');
      await panel.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
      await expect(panel).toHaveCount(0);
    });
  }
});

test.describe('a signed-in deep link that starts its chain at once (docs/decisions/210, 211)', () => {
  test('fetches the owning release’s manifest, container and routes module once each, before the federation runtime asks', async ({ page, loginAs }) => {
    const lottoOrigin = `http://localhost:${ports().remotes.lotto}`;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${lottoOrigin}/`)) asked.push(new URL(request.url()).pathname.slice(1));
    });
    await loginAs(DEMO, '/Lotto');
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    const count = (pattern: RegExp) => asked.filter((file) => pattern.test(file)).length;
    expect(count(/^mf-manifest\.json$/)).toBe(1);
    expect(count(/^remoteEntry\.js$/)).toBe(1);
    expect(count(/^__federation_expose_routes\./)).toBe(1);
    // Preloaded by the warm-up (the same request the container's loader then uses).
    const preloads = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'), (link) => new URL(link.href).pathname));
    expect(preloads).toEqual(expect.arrayContaining(['/remoteEntry.js', expect.stringMatching(/^\/__federation_expose_routes\./)]));
  });

  test('app.html’s early script preloads the host’s chain and the page’s files at low priority, reading the registry and manifest once, and makes the page’s first calls; / has no early script (docs/decisions/236)', async ({ page, loginAs }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await loginAs(DEMO, '/members/deposit');
    await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
    const { lists, lowPreloads } = await page.evaluate(() => ({
      lists: JSON.parse(document.getElementById('suwerte-deep-link')?.textContent ?? 'null') as { chain: string[]; shared: Record<string, string[]> } | null,
      lowPreloads: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][fetchpriority="low"]'), (link) => link.href),
    }));
    expect(lists?.chain.length).toBeGreaterThan(5);
    const paths = lowPreloads.map((href) => new URL(href).pathname.slice(1));
    expect(paths).toEqual(expect.arrayContaining([...(lists?.chain ?? []), ...(lists?.shared['@suwerte/shared/inputs'] ?? [])]));
    expect(paths).toEqual(expect.arrayContaining(['remoteEntry.js', expect.stringMatching(/^__federation_expose_routes\./), expect.stringMatching(/^page-members\.deposit\.[0-9a-f]{8}\.js$/)]));
    const deepLinkLoad = asked.slice(asked.findIndex((url) => new URL(url).pathname === '/members/deposit'));
    expect(deepLinkLoad.filter((url) => new URL(url).pathname === '/remotes.json')).toHaveLength(1);
    expect(deepLinkLoad.filter((url) => url.endsWith(`/${FILES.manifest}`))).toHaveLength(1);
    expect(deepLinkLoad.filter((url) => /\/early\.[0-9a-f]{10}\.js$/.test(url))).toHaveLength(1);
    // The API client comes once the page's first answers are in and the browser is idle: wait for it here, or
    // this load's request could be counted with the reload's below.
    const apiClient = (urls: string[]) => urls.filter((url) => /\/api-client\.[0-9a-f]{8}\.js$/.test(url)).length;
    await expect.poll(() => apiClient(asked.slice(asked.findIndex((url) => new URL(url).pathname === '/members/deposit'))), { timeout: 15_000 }).toBe(1);
    // On a phone's link (150 ms, 1.6 Mbit/s) the early script makes the page's first calls itself, long
    // before the shell's API client is in (its reads are `fetch`es; the client's are XHRs); once each.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    asked.length = 0;
    // A reload with an empty cache: a bookmark opened again.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'QR Ph — instant' })).toBeVisible({ timeout: 15_000 });
    const firstCalls = await page.evaluate(() =>
      performance.getEntriesByType('resource').flatMap((entry) => (/\/(mop|deposit\/history)$/.test(entry.name) ? [`${new URL(entry.name).pathname} ${(entry as PerformanceResourceTiming).initiatorType}`] : [])),
    );
    expect(firstCalls.sort()).toEqual(['/deposit/history fetch', '/mop fetch']);
    // The account (the header's balance) goes out with them, so no API client is fetched for it while the
    // page's files are on the link; the client follows once the page is in. No stylesheet of the host is empty
    // (docs/decisions/239; another origin's sizes are not told to the page).
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const url = new URL(entry.name);
        return { path: url.pathname, own: url.origin === window.location.origin, initiator: (entry as PerformanceResourceTiming).initiatorType, bytes: (entry as PerformanceResourceTiming).decodedBodySize };
      }),
    );
    expect(loaded.filter((entry) => entry.path === '/account/').map((entry) => entry.initiator)).toEqual(['fetch']);
    expect(loaded.filter((entry) => entry.own && entry.path.endsWith('.css')).length).toBeGreaterThan(2);
    expect(loaded.filter((entry) => entry.own && entry.path.endsWith('.css') && entry.bytes === 0)).toEqual([]);
    await expect.poll(() => apiClient(asked), { timeout: 15_000 }).toBe(1);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    // The visitor's page is index.html as it was: no early script, no file list.
    asked.length = 0;
    await page.goto(`${hostUrl()}/`);
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await page.evaluate(() => document.getElementById('suwerte-deep-link'))).toBeNull();
    expect(asked.filter((url) => /\/early\./.test(url))).toEqual([]);
  });

  test('a failed early read or preload never blanks the page: at worst the remote’s panel, and Retry recovers', async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/);
    const lottoOrigin = `http://localhost:${ports().remotes.lotto}`;
    const failed: string[] = [];
    // The first request of each of these files is the warm-up's: it fails.
    await page.route(new RegExp(`^${lottoOrigin}/(mf-manifest\\.json|remoteEntry\\.js|__federation_expose_routes\\.[^/]+\\.js)$`), async (route) => {
      const file = new URL(route.request().url()).pathname.slice(1);
      if (!failed.includes(file)) {
        failed.push(file);
        await route.abort();
        return;
      }
      await route.continue();
    });
    await loginAs(DEMO, '/Lotto');
    const heading = page.getByRole('heading', { name: 'Lotto', level: 1 });
    const panel = page.getByTestId('remote-unavailable-lotto');
    // Chromium hands the container's loader a preload's failure: the page shows the remote's panel
    // (the early manifest read's failure alone is retried by the chain itself).
    await expect(heading.or(panel)).toBeVisible();
    expect(failed).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js', expect.stringMatching(/^__federation_expose_routes\./)]));
    await expect(page.getByTestId('header-balance')).toContainText('₱');
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(heading).toBeVisible();
    await expect(panel).toHaveCount(0);
  });

  test('the page’s code failing after the warm-up started it: the remote’s panel with Retry, and Retry recovers', async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/);
    const lottoOrigin = `http://localhost:${ports().remotes.lotto}`;
    let down = true;
    let failures = 0;
    // Every file of the remote after its routes module (the page's own code) fails until it is back.
    await page.route(new RegExp(`^${lottoOrigin}/.*\\.js$`), async (route) => {
      const file = new URL(route.request().url()).pathname.slice(1);
      if (down && file !== 'remoteEntry.js' && !file.startsWith('__federation_expose_')) {
        failures += 1;
        await route.abort();
        return;
      }
      await route.continue();
    });
    await loginAs(DEMO, '/Lotto');
    const panel = page.getByTestId('remote-unavailable-lotto');
    await expect(panel).toContainText('Lotto is temporarily unavailable');
    expect(failures).toBeGreaterThan(0);
    await expect(page.getByTestId('header-balance')).toContainText('₱');
    down = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    await expect(panel).toHaveCount(0);
  });

  test('the page’s first calls, started by the host from the manifest, go out once each and fill the page (docs/decisions/232)', async ({ page, loginAs }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && (pathname === '/mop' || pathname === '/deposit/history')) calls.push(pathname);
    });
    await loginAs(DEMO, '/members/deposit');
    await expect(page.getByRole('radio', { name: 'QR Ph — instant' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Deposit history' })).toBeVisible();
    // The page's own queries took the host's early answers: no call twice.
    expect(calls.sort()).toEqual(['/deposit/history', '/mop']);
  });

  test('the page’s data failing when it was requested with the code: the page shows, with its own Retry', async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 503/);
    let down = true;
    let failures = 0;
    await page.route(/\/schedule\/active\/lotto$/, async (route) => {
      if (down) {
        failures += 1;
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' });
        return;
      }
      await route.continue();
    });
    await loginAs(DEMO, '/Lotto');
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    await expect(page.getByText('NO SCHEDULE FOUND')).toBeVisible();
    expect(failures).toBeGreaterThan(0);
    down = false;
    await page.getByRole('region', { name: 'Draw Schedule' }).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('NO SCHEDULE FOUND')).toHaveCount(0);
  });
});

test('a failed /remotes.json on first load is read again on the next navigation', async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 503/);
  await loginAs(DEMO, '/Responsiblegaming');
  let registryReads = 0;
  await page.route(/\/remotes\.json$/, async (route) => {
    registryReads += 1;
    if (registryReads === 1) await route.fulfill({ status: 503, body: 'unavailable' });
    else await route.continue();
  });
  await page.goto(`${hostUrl()}/Lotto`);
  // Not a wrong "404": the page may well be a remote's.
  const panel = page.getByTestId('remote-unavailable-page');
  await expect(panel).toContainText('This page is temporarily unavailable');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Games' }).click();
  await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  expect(registryReads).toBe(2);
});

test('a failed download of the host’s federation chunk is not remembered: Retry fetches it again', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource/);
  const hostOrigin = hostUrl();
  // The host's own lazy chunk that creates the federation instance: the one whose source map names
  // features/federation/federation.ts (a string in the code could be in another chunk too).
  const aborted = await failFirstRequest(page, `${hostOrigin}/${hostChunkOf('src/features/federation/federation.ts')}`);
  await page.goto(hostOrigin);
  const panel = page.getByTestId('remote-unavailable-lotto');
  await expect(panel).toContainText('Lotto is temporarily unavailable');
  expect(aborted()).toBe(1);
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
});

test('a failed download of the shell’s after-paint chunk (the runtime config every API call waits for) is asked for again: the page’s data still comes', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource/);
  const hostOrigin = hostUrl();
  const aborted = await failFirstRequest(page, `${hostOrigin}/${hostChunkOf('src/app/after-paint.ts')}`);
  await page.goto(hostOrigin);
  const lottoToday = page.getByRole('region', { name: 'Lotto Today' });
  await lottoToday.scrollIntoViewIfNeeded();
  // Today's draws come from the API, whose calls wait for the runtime config.
  await expect(lottoToday.getByTestId('todays-draw').first()).toBeVisible({ timeout: 15_000 });
  expect(aborted()).toBe(1);
});

test('each remote’s build records, per kernel entry point, the exports its exposed code imports, and the host provides every one', async ({ page, loginAs }) => {
  const read = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as unknown;
  const host = read(`host/dist/${FILES.hostProvisions}`) as { provides: Record<string, { version: string; exports: string[] }> };
  // Every entry point the host hands remotes, and zod/mini's list (docs/decisions/235), nothing else (@suwerte/shared/host stays the host's).
  expect(Object.keys(host.provides).sort()).toEqual([...KERNEL_KEYS, 'zod/mini'].sort());
  const version = host.provides[KERNEL_PACKAGE]?.version ?? '';
  expect(host.provides[KERNEL_PACKAGE]?.exports.length).toBeGreaterThan(50);
  for (const remote of REMOTE_NAMES) {
    const manifest = read(`remote-${remote}/dist/${FILES.manifest}`) as {
      suwerte: { requires: Record<string, { range: string; builtWith: string; exports: string[] }>; pages: Record<string, { kernel: string[] }> };
    };
    const requires = manifest.suwerte.requires;
    expect(Object.keys(requires).length, remote).toBeGreaterThan(0);
    for (const [key, needs] of Object.entries(requires)) {
      const provided = host.provides[key];
      expect(provided, `${remote} needs ${key}`).toBeDefined();
      expect(needs.range, remote).toBe(`^${version.split('.')[0]}.0.0`);
      expect(needs.builtWith, remote).toBe(version);
      expect(needs.exports.filter((name) => !provided?.exports.includes(name)), `${remote} ${key}`).toEqual([]);
    }
    // The standalone dev shell's imports (its sign-in form, the providers) are not the host's business.
    expect(requires['@suwerte/shared/host'], remote).toBeUndefined();
    if (remote === 'lotto' || remote === 'karera') expect(requires['@suwerte/shared/forms'], remote).toBeUndefined();
    // The deposit page's form draws no floating list: the inputs entry point, not forms and its floating-ui (docs/decisions/228).
    if (remote === 'members') expect(manifest.suwerte.pages['members.deposit']?.kernel, remote).toEqual(expect.arrayContaining([`${KERNEL_PACKAGE}/inputs`]));
    if (remote === 'members') expect(manifest.suwerte.pages['members.deposit']?.kernel, remote).not.toContain(`${KERNEL_PACKAGE}/forms`);
  }
  // What the host's build wrote is what its federation chunk really hands to remotes: each entry point
  // the lotto page loaded, compared name by name.
  await loginAs(DEMO, '/Lotto');
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  // The page's dialog brings the overlays entry point with its first opening (docs/decisions/225):
  // opened, so the list below does not depend on whether the idle preload has run yet.
  await page.getByRole('button', { name: 'Lotto Results' }).click();
  await expect(page.getByRole('dialog', { name: 'Lotto Results' })).toBeVisible();
  const runtime = await page.evaluate((keys) => {
    const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { lib?: () => object }>>>> } }).__FEDERATION__.__SHARE__;
    const scope = share.suwerte_host?.default ?? {};
    return Object.fromEntries(
      keys.flatMap((key) => {
        const entry = Object.values(scope[key] ?? {})[0];
        return entry?.lib ? [[key, Object.keys(entry.lib()).sort()]] : [];
      }),
    );
  }, KERNEL_KEYS);
  // The page's own entry points are in; the ones it does not import are not (number-input, forms).
  expect(Object.keys(runtime).sort()).toEqual([KERNEL_PACKAGE, `${KERNEL_PACKAGE}/overlays`, `${KERNEL_PACKAGE}/pages`].sort());
  for (const [key, names] of Object.entries(runtime)) expect(names, key).toEqual(host.provides[key]?.exports);
});

test('a deep link to a page whose first screen opens no dialog asks for no dialog code: overlays only with the container; its data chunk is known with it', () => {
  // `suwerte.pages[<page>].kernel` is what the host's warm-up starts beside the page's code
  // (docs/decisions/210); the dialogs load with their first opening (docs/decisions/225).
  const deepLinks = { lotto: ['Lotto'], sports: ['Sports'], karera: ['VideoKarera'], members: ['members', 'members.deposit'] } as const;
  const overlays = `${KERNEL_PACKAGE}/overlays`;
  for (const [remote, pages] of Object.entries(deepLinks)) {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, `remote-${remote}`, 'dist', FILES.manifest), 'utf8')) as {
      suwerte: { requires: Record<string, unknown>; pages: Record<string, { kernel: string[] }> };
    };
    for (const name of pages) {
      const kernel = manifest.suwerte.pages[name]?.kernel;
      expect(kernel, `${remote}: page ${name}`).toContain(KERNEL_PACKAGE);
      expect(kernel, `${remote}: page ${name}`).not.toContain(overlays);
    }
    // The container still needs it: its dialogs import it when they open.
    expect(Object.keys(manifest.suwerte.requires), remote).toContain(overlays);
  }
  // A page's data chunk (its first calls, `handle.prefetch`) is recorded too, so the warm-up starts
  // it with the page instead of a round trip after the routes module (docs/decisions/229).
  for (const [remote, page] of [['lotto', 'Lotto'], ['sports', 'Sports'], ['members', 'members.deposit']] as const) {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, `remote-${remote}`, 'dist', FILES.manifest), 'utf8')) as { suwerte: { pages: Record<string, { js: string[] }> } };
    expect(manifest.suwerte.pages[`data-${page}`]?.js, `${remote}: data-${page}`).toContainEqual(expect.stringMatching(new RegExp(`^data-${page.replace('.', '\\.')}\\.[0-9a-f]{8}\\.js$`)));
  }
});

test('a dialog whose code fails to arrive opens nothing and says why; the page stays, and the next opening loads it', async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource|dialog-LottoResults|ChunkLoadError|Loading chunk/);
  const lottoOrigin = `http://localhost:${ports().remotes.lotto}`;
  let down = true;
  let failures = 0;
  await page.route(new RegExp(`^${lottoOrigin}/dialog-LottoResults\\.[^/]+\\.js$`), async (route) => {
    if (down) {
      failures += 1;
      await route.abort();
      return;
    }
    await route.continue();
  });
  await loginAs(DEMO, '/Lotto');
  const heading = page.getByRole('heading', { name: 'Lotto', level: 1 });
  await expect(heading).toBeVisible();
  const open = page.getByRole('button', { name: 'Lotto Results' });
  await open.click();
  await expect(page.getByText('Couldn\'t open Lotto Results. Check your connection and try again.')).toBeVisible();
  expect(failures).toBeGreaterThan(0);
  await expect(page.getByRole('dialog', { name: 'Lotto Results' })).toHaveCount(0);
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('remote-unavailable-lotto')).toHaveCount(0);
  down = false;
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Lotto Results' })).toBeVisible();
});
