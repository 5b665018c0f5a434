import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountEndpoints } from '@suwerte/contracts';
import {
  STACK_SERVICES,
  buildImage,
  compose,
  imageBuilds,
  localUrl,
  readState,
  resolvedConfig,
  signedWith,
  stackPorts,
  timed,
  waitHealthy,
} from '@suwerte/tools/ops/compose-stack';
import type { Page } from '@playwright/test';
import { callApi, registerPlayer, type Credentials } from '../support/api';
import { expect, test } from '../support/fixtures';

// docker-compose.yml running in podman (started by `npm run test:compose`): everything below goes
// through the ports the stack publishes on 127.0.0.1, as an operator's browser would.

const stateFile = process.env.COMPOSE_TEST_STATE ?? '';
const state = readState(stateFile);
const ports = stackPorts(state);
const HOST = localUrl(ports.host);
const LOTTO = localUrl(ports.remotes.lotto);

test.describe.configure({ mode: 'serial' });

let player: Credentials;
/** The token the API gave the player before the stack was taken down. */
let tokenBefore = '';

const headerBalance = (page: Page) => page.getByTestId('header-balance');

async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto(HOST);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Username').fill(credentials.username);
  await dialog.getByLabel('Password', { exact: true }).fill(credentials.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
}

async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { state?: { user?: { token?: string } } }).state?.user?.token);
  if (!token) throw new Error('no token in the session');
  return token;
}

/** The lotto release files a page loaded, by release folder (`1.0.0`, `1.1.0`, or `root`). */
function lottoReleasesLoaded(page: Page): Set<string> {
  const releases = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== LOTTO) return;
    releases.add(/^\/(\d+\.\d+\.\d+)\//.exec(url.pathname)?.[1] ?? 'root');
  });
  return releases;
}

async function lottoEntry(): Promise<string> {
  const registry = (await (await fetch(`${HOST}/remotes.json`)).json()) as { remotes: Record<string, { entry: string }> };
  return registry.remotes.lotto?.entry ?? '';
}

test("the containers' nginx serves the site: security headers, the CSP of exactly these origins, brotli, SPA fallback", async () => {
  const index = await fetch(`${HOST}/Sports`);
  expect(index.status).toBe(200);
  expect(index.headers.get('cache-control')).toBe('no-cache');
  const csp = index.headers.get('content-security-policy') ?? '';
  const remotes = Object.values(ports.remotes).map(localUrl).join(' ');
  expect(csp).toContain(`script-src 'self' ${remotes};`);
  expect(csp).toContain(`connect-src 'self' ${remotes} ${localUrl(ports.api)} ws://localhost:${ports.api};`);
  expect(index.headers.get('x-frame-options')).toBe('DENY');
  const script = /src="(\/main\.[0-9a-f]{10}\.js)"/.exec(await index.text())?.[1] ?? '';
  expect(script).not.toBe('');
  const compressed = await fetch(`${HOST}${script}`, { headers: { 'accept-encoding': 'br' } });
  expect(compressed.headers.get('content-encoding')).toBe('br');
  expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // A remote's entry is open to the host's origin (CORS) and never cached.
  const manifest = await fetch(`${LOTTO}/mf-manifest.json`, { headers: { origin: HOST } });
  expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
});

test('a player signs in, opens /Lotto and /Sports, and pays a QR deposit on the stand-in gateway', async ({ page }) => {
  player = await registerPlayer('compose');
  await signIn(page, player);
  await expect(headerBalance(page)).toHaveText('₱0.00');

  const releases = lottoReleasesLoaded(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page).toHaveURL(`${HOST}/Lotto`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
  await expect(page.getByTestId('lotto-schedule-card').first()).toBeVisible();
  // The host pins the release the lotto image published (REMOTE_LOTTO_VERSION, default 1.0.0).
  expect([...releases]).toEqual(['1.0.0']);

  await page.goto(`${HOST}/Sports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All Games', selected: true })).toBeVisible();

  await page.goto(`${HOST}/members/deposit`);
  await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
  await page.getByRole('button', { name: '200', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Confirm deposit' }).getByRole('button', { name: 'Generate QR' }).click();
  const qr = page.getByRole('dialog', { name: 'Scan to pay' });
  const link = qr.getByRole('link', { name: 'Open the payment page for ₱200.00' });
  // The payment page is the API's published address, never a container name.
  expect(await link.getAttribute('href')).toMatch(new RegExp(`^${localUrl(ports.api)}/`));
  const [gateway] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await gateway.getByRole('button', { name: 'Pay ₱200.00' }).click();
  await expect(gateway.getByTestId('payment-status')).toHaveText('Payment received. You can close this page.');
  await gateway.close();
  await expect(headerBalance(page)).toHaveText('₱200.00');
  await qr.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('deposit-row').first()).toContainText('APPROVED');

  tokenBefore = await sessionToken(page);
  // The API signs with the secret compose handed it as a file (docker-compose.secrets.yml).
  const secret = readFileSync(path.join(state.secretsDir, 'jwt_secret'), 'utf8').replace(/\n$/, '');
  expect(signedWith(tokenBefore, secret)).toBe(true);
});

test('a new lotto release is published beside the old one, pointed at, and loaded by the page', async ({ page }) => {
  const config = await resolvedConfig(state, { LOTTO_RELEASE: '1.1.0' });
  const build = imageBuilds(config).find((candidate) => candidate.services.includes('remote-lotto'));
  if (!build) throw new Error('docker-compose.yml builds no remote-lotto image');
  expect(build.image).toBe('suwerte/remote-lotto:1.1.0');
  await timed(state, 'release: lotto 1.1.0 image (build stage from the cache)', () => buildImage(state, build, 'remote-lotto-1.1.0'));
  await timed(state, 'release: LOTTO_RELEASE=1.1.0 up -d remote-lotto', async () => {
    await compose(state, ['up', '-d', '--no-build', 'remote-lotto'], { LOTTO_RELEASE: '1.1.0' });
    await waitHealthy(state, ['remote-lotto']);
  });
  // Published beside 1.0.0; players stay on the pinned 1.0.0 until the host says otherwise.
  expect((await fetch(`${LOTTO}/1.1.0/mf-manifest.json`)).status).toBe(200);
  expect((await fetch(`${LOTTO}/1.0.0/mf-manifest.json`)).status).toBe(200);
  expect(await lottoEntry()).toBe(`${LOTTO}/1.0.0/mf-manifest.json`);

  await timed(state, 'release: REMOTE_LOTTO_VERSION=1.1.0 up -d host', async () => {
    await compose(state, ['up', '-d', '--no-build', 'host'], { REMOTE_LOTTO_VERSION: '1.1.0' });
    await waitHealthy(state, ['host']);
  });
  expect(await lottoEntry()).toBe(`${LOTTO}/1.1.0/mf-manifest.json`);

  await signIn(page, player);
  const releases = lottoReleasesLoaded(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lotto' })).toBeVisible();
  await expect(page.getByTestId('lotto-schedule-card').first()).toBeVisible();
  expect([...releases]).toEqual(['1.1.0']);
});

test("down then up keeps the player's data, the signing secret and the published releases", async ({ page }) => {
  await timed(state, 'down (volumes kept)', () => compose(state, ['down', '-t', '10']));
  expect((await fetch(HOST).catch(() => null))?.status).toBeUndefined();
  await timed(state, 'up -d again, every container healthy', async () => {
    await compose(state, ['up', '-d', '--no-build']);
    await waitHealthy(state, STACK_SERVICES);
  });

  // A token from before still works: same secret, same player, same balance.
  expect((await callApi(accountEndpoints.account, { token: tokenBefore })).balance).toBe(200);
  await signIn(page, player);
  await expect(headerBalance(page)).toHaveText('₱200.00');
  await page.goto(`${HOST}/members/deposit`);
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText('QR Ph — instant');
  await expect(row).toContainText('₱200.00');
  await expect(row).toContainText('APPROVED');

  // The .env values again (pinned 1.0.0, image of 1.0.0): the rollback; 1.1.0 stays on the volume.
  expect(await lottoEntry()).toBe(`${LOTTO}/1.0.0/mf-manifest.json`);
  expect((await fetch(`${LOTTO}/1.1.0/mf-manifest.json`)).status).toBe(200);
});
