import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveStatic, type StaticServer } from '@suwerte/tools/serve-static';
import { DEMO, apiUrl, hostUrl, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';

// Issue 9 in the browser: a page on an origin the API does not list cannot read a player's
// answers, even holding their token; the site's own origin can.

const STRANGER_PORT = Number(process.env.E2E_PORT_BASE ?? 5300) + 95;

let stranger: StaticServer | null = null;
let dir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'suwerte-stranger-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><link rel="icon" href="data:,"><title>Somewhere else</title><h1>Somewhere else</h1>');
  stranger = await serveStatic({ root: dir, port: STRANGER_PORT });
});

test.afterAll(async () => {
  await stranger?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a page on an unlisted origin cannot read the player's account, even with their token", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/CORS policy|Failed to fetch|ERR_FAILED/);
  const token = await loginToken(DEMO);
  await page.goto(`http://localhost:${STRANGER_PORT}/`);
  await expect(page.getByRole('heading', { name: 'Somewhere else' })).toBeVisible();
  const answer = await page.evaluate(([api, bearer]) => {
    return fetch(`${api}/account/`, { headers: { authorization: `Bearer ${bearer}` } }).then(
      async (response) => ({ ok: response.ok, body: await response.text() }),
      (error: unknown) => ({ ok: false, body: String(error) }),
    );
  }, [apiUrl(), token] as const);
  expect(answer.ok).toBe(false);
  expect(answer.body).not.toContain(DEMO.username);

  // The site's own origin reads it.
  await page.goto(`${hostUrl()}/Responsiblegaming`);
  const own = await page.evaluate(([api, bearer]) => {
    return fetch(`${api}/account/`, { headers: { authorization: `Bearer ${bearer}` } }).then(async (response) => ({ ok: response.ok, body: await response.text() }));
  }, [apiUrl(), token] as const);
  expect(own.ok).toBe(true);
  expect(own.body).toContain(DEMO.username);
});
