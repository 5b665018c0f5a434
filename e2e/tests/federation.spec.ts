import path from 'node:path';
import { serveStatic, type StaticServer } from '@suwerte/tools/serve-static';
import { REPO_ROOT } from '@suwerte/tools/site';
import { DEMO, hostUrl, loginToken } from '../support/api';
import { expect, persistedSession, test } from '../support/fixtures';
import { serveHostWithRemoteAt, sitePorts as ports } from '../support/moved-remote-host';

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

    // Retry while still down: still the fallback.
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(fallback).toBeVisible();

    await startMembers();
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(fallback).toBeHidden();
  });
});
