import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startNginxSite, type NginxSite } from '@suwerte/tools/ops/nginx-site';
import { REMOTES, REPO_ROOT } from '@suwerte/tools/site';
import { DEMO, apiUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { FOREIGN_ORIGIN, NGINX_SITE_BASE } from './ops-ports';

// The nginx configuration tested for real: Debian's nginx, started through the images' own
// entrypoint (deploy/static/entrypoint.sh) with the same templates and environment variables,
// serving the production builds — headers, SPA fallback, CORS and caching over HTTP, then the
// whole site in Chromium with its Content-Security-Policy in force.

let site: NginxSite;

test.beforeAll(async () => {
  site = await startNginxSite({ portBase: NGINX_SITE_BASE, apiUrl: apiUrl() });
});
test.afterAll(async () => {
  await site?.stop();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const api = () => new URL(apiUrl());

function expectedCsp(): string {
  const remotes = REMOTES.map((remote) => site.remoteUrl(remote)).join(' ');
  const self = `'self' ${remotes}`;
  return [
    "default-src 'self'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} ${api().origin} data: blob:`,
    `font-src ${self} data:`,
    `connect-src ${self} ${api().origin} ws://${api().host}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

test.describe('nginx over the production builds', () => {
  test('the host page carries the security headers and a CSP of exactly the remotes and the API', async () => {
    const response = await get(site.hostUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(expectedCsp());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('server')).toBe('nginx');
  });

  test('the CSP and the frame rule go with documents (pages, SVGs), not with every script and stylesheet', async () => {
    const index = readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'index.html'), 'utf8');
    const script = /src="\/(main\.[0-9a-f]+\.js)"/.exec(index)?.[1] ?? '';
    const style = /href="\/(main\.[0-9a-f]+\.css)"/.exec(index)?.[1] ?? '';
    expect(script && style).toBeTruthy();
    for (const file of [script, style, 'remotes.json']) {
      const response = await get(`${site.hostUrl}/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-security-policy'), file).toBeNull();
      expect(response.headers.get('x-frame-options'), file).toBeNull();
      expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
    }
    const remoteEntry = await get(`${site.remoteUrl('lotto')}/remoteEntry.js`);
    expect(remoteEntry.headers.get('content-security-policy')).toBeNull();
    for (const document of [`${site.hostUrl}/favicon.svg`, `${site.hostUrl}/Lotto`, `${site.remoteUrl('lotto')}/`]) {
      const response = await get(document);
      expect(response.headers.get('content-security-policy'), document).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options'), document).toBe('DENY');
    }
  });

  test('deep links fall back to the SPA (app.html, with the early script); / is index.html; missing files are 404s', async () => {
    const index = readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'index.html'), 'utf8');
    const app = readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'app.html'), 'utf8');
    expect(app).not.toBe(index);
    for (const deepLink of ['/members/profile', '/Lotto', '/Basketball/Grandjackpot/12', '/no/such/page']) {
      const response = await get(`${site.hostUrl}${deepLink}`);
      expect(response.status, deepLink).toBe(200);
      expect(response.headers.get('cache-control'), deepLink).toBe('no-cache');
      expect(await response.text(), deepLink).toBe(app);
    }
    const visitor = await get(`${site.hostUrl}/`);
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    expect(await visitor.text()).toBe(index);
    for (const missing of ['/missing.js', '/assets/none.0123456789.png', '/favicon.ico']) {
      expect((await get(`${site.hostUrl}${missing}`)).status, missing).toBe(404);
    }
    // Only GET/HEAD (and CORS preflights) are served.
    expect((await fetch(site.hostUrl, { method: 'POST' })).status).toBe(405);
  });

  test("remotes.json and config.json are generated at start with the browser's URLs, never cached", async () => {
    const registry = await get(`${site.hostUrl}/remotes.json`);
    expect(registry.headers.get('cache-control')).toBe('no-cache');
    const built = JSON.parse(readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'remotes.json'), 'utf8')) as {
      remotes: Record<string, { routes: string[] }>;
    };
    const served = (await registry.json()) as { remotes: Record<string, { entry: string; routes: string[] }> };
    // Pinned by default to the release each remote's server publishes (docs/decisions/051).
    for (const remote of REMOTES) {
      expect(served.remotes[remote]).toEqual({ entry: `${site.remoteUrl(remote)}/1.0.0/mf-manifest.json`, routes: built.remotes[remote]?.routes });
    }
    const config = await get(`${site.hostUrl}/config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await config.json()).toMatchObject({
      api: { production: apiUrl(), test: apiUrl() },
      socket: { production: apiUrl() },
      gameSite: { production: `${apiUrl()}/games` },
      imageUpload: { url: `${apiUrl()}/image/upload` },
    });
  });

  test("content-hashed files are immutable and sent as the build's gzip or brotli twin", async () => {
    const html = await (await get(site.hostUrl)).text();
    const script = /src="(\/main\.[0-9a-f]{10}\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const plain = await (await get(`${site.hostUrl}${script}`, { 'accept-encoding': 'identity' })).text();
    for (const [encoding, twin] of [['gzip', 'gz'], ['br', 'br']] as const) {
      const response = await get(`${site.hostUrl}${script}`, { 'accept-encoding': encoding });
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      // The precompressed file as it is (gzip_static, brotli_static: tools/rspack/precompress.mjs), not compressed again per request.
      expect(Number(response.headers.get('content-length'))).toBe(statSync(path.join(REPO_ROOT, 'host', 'dist', `${script}.${twin}`)).size);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      // fetch decodes the body: the same file either way.
      expect(await response.text()).toBe(plain);
    }
    expect((await get(`${site.hostUrl}${script}`, { 'accept-encoding': 'identity' })).headers.get('content-encoding')).toBeNull();
  });

  test("remote entry files are no-cache, chunks immutable, all open to other origins (CORS)", async () => {
    const lotto = site.remoteUrl('lotto');
    const origin = { origin: site.hostUrl };
    for (const file of ['/mf-manifest.json', '/remoteEntry.js']) {
      const response = await get(`${lotto}${file}`, origin);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
      expect(response.headers.get('access-control-allow-origin'), file).toBe('*');
    }
    const manifest = (await (await get(`${lotto}/mf-manifest.json`)).json()) as { exposes: Array<{ assets: { js: { sync: string[] } } }> };
    const chunk = manifest.exposes[0]?.assets.js.sync[0];
    expect(chunk).toMatch(/\.[0-9a-f]{8,}\.js$/);
    const chunkResponse = await get(`${lotto}/${chunk}`, origin);
    expect(chunkResponse.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(chunkResponse.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${lotto}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-suwerte' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  test('a remote serves its release under its version and at the root, and its standalone page', async () => {
    for (const remote of REMOTES) {
      const url = site.remoteUrl(remote);
      const atRoot = await (await get(`${url}/mf-manifest.json`)).text();
      const versioned = await get(`${url}/1.0.0/mf-manifest.json`);
      expect(versioned.status, remote).toBe(200);
      expect(await versioned.text(), remote).toBe(atRoot);
      expect((await get(`${url}/9.9.9/mf-manifest.json`)).status, remote).toBe(404);
      const page = await get(`${url}/`);
      expect(page.headers.get('cache-control'), remote).toBe('no-cache');
      expect(await page.text(), remote).toContain('<div id="root"></div>');
      const config = (await (await get(`${url}/config.json`)).json()) as { api: { production: string } };
      expect(config.api.production, remote).toBe(apiUrl());
    }
  });

  test('nginx runs unprivileged', async () => {
    const status = readFileSync(`/proc/${site.hostPid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    expect(uid).not.toBe(0);
  });
});

test.describe('the site through nginx in Chromium', () => {
  test('signs in, opens remote pages and loads every remote, with no CSP violation', async ({ page, signInThroughDialog }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
      });
    });
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.ok()) loaded.push(response.url());
    });
    await page.goto(site.hostUrl);
    // Home widgets come from the lotto, sports and karera servers.
    await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
    await signInThroughDialog(DEMO);
    await expect(page.getByTestId('header-balance')).toContainText('₱');

    await page.goto(`${site.hostUrl}/members/profile`);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(DEMO.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-Games' }).click();
    await expect(page.getByRole('heading', { name: 'E-Games', level: 1 })).toBeVisible();
    await page.goto(`${site.hostUrl}/Lotto`);
    await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
    await page.goto(`${site.hostUrl}/Sports`);
    await expect(page.getByRole('heading', { name: 'Sports', level: 1 })).toBeVisible();

    // Every remote was loaded from its nginx server.
    for (const remote of REMOTES) {
      expect(loaded.some((url) => url.startsWith(`${site.remoteUrl(remote)}/1.0.0/remoteEntry.js`)), remote).toBe(true);
    }
    // Nothing is refused: zod runs without its eval-based JIT (contracts/fields.ts).
    expect(violations).toEqual([]);
  });

  test('the CSP lets the page open the API socket and blocks any other origin', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Content Security Policy/);
    await page.goto(site.hostUrl);
    const socket = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => {
            ws.close();
            resolve('open');
          };
          ws.onerror = () => resolve('error');
        }),
      `ws://${api().host}/socket.io/?EIO=4&transport=websocket`,
    );
    expect(socket).toBe('open');
    const foreign = await page.evaluate(async (url) => {
      const blocked = new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
      });
      await fetch(url).catch(() => undefined);
      return blocked;
    }, `${FOREIGN_ORIGIN}/data.json`);
    expect(foreign).toBe('connect-src');
  });
});
