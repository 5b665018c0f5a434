import { randomBytes } from 'node:crypto';
// A remote's own test command: `npm test -w remote-lotto` runs the remote's unit tests and this
// standalone smoke side by side, so its team ships without the host or the other remotes.
//
//   tsx tools/src/remote-test.ts <members|lotto|sports|karera>          the smoke alone
//   tsx tools/src/remote-test.ts <members|lotto|sports|karera> --unit   its unit tests beside it
//
// Side by side because neither keeps two cores busy for long: the smoke mostly waits (a build, the
// API's start, a browser), Vitest's two workers fill what it leaves (docs/decisions/221).
//
// It builds the remote for production into a temporary folder (its dist/ is left alone), serves
// that build alone with the same rules as the nginx images, starts the reference player API from
// source (bundled) on a fresh database while the build runs, and drives the standalone page in
// Debian's Chromium: the dev shell renders, the demo player signs in, every page the shell links to shows its heading,
// and nothing is written to the console as an error. Then it loads the same build into the
// production host (built from this checkout, the remote its only one; one build per version of
// the host's sources, shared by the remotes' commands: docs/decisions/220): the player signs in
// through the host's dialog, every page opens inside the host's shell and the remote's home
// widgets render — what players will get, not only what the dev shell shows. Each check prints
// its duration, so the next slowdown shows where it happens.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from './chromium';
import { prebuiltHost } from './ops/host-build-cache';
import { buildRemote } from './ops/remote-build';
import { startPlayerApi, stopProcess } from './player-api-process';
import { serveStatic, type StaticServer } from './serve-static';
import { REMOTES, REPO_ROOT, runtimeConfig, type Remote } from './site';

const runFile = promisify(execFile);

const DEMO = { username: 'demoplayer', password: 'suwerte123' };

export interface SmokeResult {
  name: string;
  ok: boolean;
  detail?: string;
  /** How long the check took, so the next slowdown shows where it happens. */
  seconds?: number;
}

/** Ports: SMOKE_PORT_BASE (default 6150) + 2 per remote (the page, then the API), and the host at +8 + its index. */
export function smokePorts(remote: Remote, base = Number(process.env.SMOKE_PORT_BASE ?? 6150)) {
  const index = REMOTES.indexOf(remote);
  return { page: base + index * 2, api: base + index * 2 + 1, host: base + 8 + index };
}

/** The host's remotes.json with only this remote, served from `url` (its routes from the host's own file). */
function onlyRemoteRegistry(remote: Remote, url: string, hostBuild: string): string {
  const registry = JSON.parse(readFileSync(path.join(hostBuild, 'remotes.json'), 'utf8')) as { remotes: Record<string, { routes: string[] }> };
  const routes = registry.remotes[remote]?.routes;
  if (!routes) throw new Error(`the host's remotes.json has no ${remote}`);
  return JSON.stringify({ remotes: { [remote]: { entry: `${url}/mf-manifest.json`, routes } } });
}

/**
 * Bundles the player API from this checkout's sources (player-api/build.mjs, esbuild: about a
 * second) into `player-api/<folder>` and starts the bundle: it is up seconds sooner than the
 * sources through tsx, which decided the command's length once it started beside the builds.
 */
async function startApi(port: number, databasePath: string, pageOrigins: string[], folder: string): Promise<ChildProcess> {
  await runFile('node', ['build.mjs', folder], { cwd: path.join(REPO_ROOT, 'player-api') });
  return startPlayerApi({
    args: [path.join('player-api', folder, 'main.js')],
    cwd: REPO_ROOT,
    port,
    // It starts while the remote and the host build, on a machine shared with another command.
    timeoutMs: 90_000,
    env: {
      DATABASE_PATH: databasePath,
      APP_MODE: 'demo',
      PUBLIC_URL: `http://localhost:${port}`,
      CORS_ORIGINS: pageOrigins.join(','),
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
  });
}

async function check(results: SmokeResult[], name: string, run: () => Promise<void>): Promise<boolean> {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  try {
    await run();
    results.push({ name, ok: true, seconds: seconds() });
    return true;
  } catch (error) {
    results.push({ name, ok: false, detail: error instanceof Error ? error.message.split('\n')[0] : String(error), seconds: seconds() });
    return false;
  }
}

async function visible(page: Page, locator: ReturnType<Page['locator']>, what: string): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new Error(`${what} not visible on ${new URL(page.url()).pathname}`);
  });
}

/** Collects a page's console errors, page errors and failed requests. */
function watchConsole(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser's own request for /favicon.ico (the dev page links no icon) is not the page's doing.
    if (message.location().url.endsWith('/favicon.ico')) return;
    errors.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The console names no URL for a failed load; keep them so a failure says which file.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
}

/** Builds, serves and drives one remote's standalone page, then the same build in the host; returns each check's outcome. */
export async function smokeRemote(remote: Remote): Promise<SmokeResult[]> {
  const work = mkdtempSync(path.join(tmpdir(), `suwerte-smoke-${remote}-`));
  const ports = smokePorts(remote);
  // Inside player-api/ (its packages resolve from there, as from dist/); dist-*/ is ignored by git.
  const apiFolder = `dist-smoke-${remote}-${process.pid}`;
  const results: SmokeResult[] = [];
  let api: Promise<ChildProcess> | null = null;
  let server: StaticServer | null = null;
  let hostServer: StaticServer | null = null;
  let browser: Browser | null = null;
  try {
    const outDir = path.join(work, 'dist');
    let hostDir = '';
    // The standalone page and the host that loads this remote both call the API. It starts (its
    // bundle, its database, the demo data) while the builds run.
    const apiStart = Date.now();
    const apiStarting = startApi(ports.api, path.join(work, 'smoke.sqlite'), [`http://localhost:${ports.page}`, `http://localhost:${ports.host}`], apiFolder);
    api = apiStarting;
    // Settled at once so a failed start while a build runs is not an unhandled rejection; awaited below.
    apiStarting.catch(() => undefined);
    if (!(await check(results, `production build of remote-${remote}`, () => buildRemote({ remote, outDir })))) return results;
    let hostReused = false;
    const hostBuilt = await check(results, 'production build of the host', async () => {
      const host = await prebuiltHost();
      hostDir = host.dir;
      hostReused = !host.built;
    });
    const hostResult = results.at(-1);
    if (hostReused && hostResult) hostResult.name += ' (an earlier command built these same sources: reused)';
    if (!(await check(results, 'the player API starts on a fresh database (demo data)', () => apiStarting.then(() => undefined)))) return results;
    const apiResult = results.at(-1);
    // Its own time since it started, beside the builds.
    if (apiResult) apiResult.seconds = (Date.now() - apiStart) / 1000;
    const apiUrl = `http://localhost:${ports.api}`;
    server = await serveStatic({ root: outDir, port: ports.page, overrides: { '/config.json': runtimeConfig(apiUrl) } });
    browser = await chromium.launch(CHROMIUM);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    watchConsole(page, errors);

    let links: { label: string; href: string }[] = [];
    const shellUp = await check(results, 'standalone page renders in its dev shell', async () => {
      await page.goto(server?.url ?? '');
      await visible(page, page.getByText(`remote-${remote} (standalone)`, { exact: true }), 'the dev shell');
    });
    if (shellUp) {
      await check(results, `the demo player signs in (${DEMO.username})`, async () => {
        const form = page.locator('header form');
        await form.getByLabel('Username').fill(DEMO.username);
        await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
        await form.getByRole('button', { name: 'Sign In' }).click();
        await visible(page, page.getByTestId('header-balance').filter({ hasText: '₱' }), 'the balance');
      });
      const nav = page.getByRole('navigation', { name: 'Remote pages' });
      links = await nav.getByRole('link').evaluateAll((anchors) =>
        anchors.map((anchor) => ({ label: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })),
      );
      for (const link of links) {
        await check(results, `page ${link.href} (${link.label}) shows its heading`, async () => {
          await nav.getByRole('link', { name: link.label, exact: true }).click();
          await page.waitForURL((url) => url.pathname === link.href);
          await visible(page, page.locator('main').getByRole('heading', { level: 1 }), 'a level-1 heading');
        });
      }
      // Late requests (polling, widgets) get a moment to fail before the verdict.
      await page.waitForTimeout(1000);
    }
    if (hostBuilt && shellUp) {
      const remoteUrl = server.url.replace(/\/+$/, '');
      hostServer = await serveStatic({
        root: hostDir,
        port: ports.host,
        spa: true,
        overrides: { '/remotes.json': onlyRemoteRegistry(remote, remoteUrl, hostDir), '/config.json': runtimeConfig(apiUrl) },
      });
      const hostUrl = hostServer.url.replace(/\/+$/, '');
      const host = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      watchConsole(host, errors);
      await check(results, `the production host loads remote-${remote} and its home widgets`, async () => {
        await host.goto(hostUrl);
        await visible(host, host.getByRole('banner'), "the host's header");
        await host.waitForLoadState('networkidle');
        // Other remotes are not there (their widgets show their panels); this one's must not.
        if ((await host.getByTestId(`remote-unavailable-${remote}`).count()) > 0) throw new Error(`remote-${remote} shows its unavailable panel in the host`);
      });
      const signedIn = await check(results, 'the demo player signs in through the host', async () => {
        await host.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
        const dialog = host.getByRole('dialog', { name: 'Welcome Back' });
        await dialog.getByLabel('Username').fill(DEMO.username);
        await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
        await dialog.getByRole('button', { name: 'Login' }).click();
        await visible(host, host.getByTestId('header-balance').filter({ hasText: '₱' }), "the host's balance");
      });
      if (signedIn) {
        for (const link of links) {
          await check(results, `in the host: ${link.href} (${link.label}) shows its heading`, async () => {
            await host.goto(`${hostUrl}${link.href}`);
            await visible(host, host.locator('main').getByRole('heading', { level: 1 }), 'a level-1 heading');
            await visible(host, host.getByRole('contentinfo'), "the host's footer");
            if ((await host.getByTestId(`remote-unavailable-${remote}`).count()) > 0) throw new Error('the remote shows its unavailable panel');
          });
        }
      }
      await host.waitForTimeout(1000);
    }
    results.push({ name: 'no console errors', ok: errors.length === 0, detail: errors.slice(0, 5).join(' | ') });
    return results;
  } catch (error) {
    results.push({ name: 'smoke run', ok: false, detail: error instanceof Error ? error.message : String(error) });
    return results;
  } finally {
    await browser?.close();
    await hostServer?.close();
    await server?.close();
    const child = await api?.catch(() => null);
    if (child) await stopProcess(child);
    rmSync(work, { recursive: true, force: true });
    rmSync(path.join(REPO_ROOT, 'player-api', apiFolder), { recursive: true, force: true });
  }
}

/**
 * The remote's unit tests (its `test:unit` script: Vitest on both cores), their output as it comes;
 * resolves with whether they passed and how long they took.
 */
function runUnitTests(remote: Remote): Promise<SmokeResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'test:unit'], { cwd: path.join(REPO_ROOT, `remote-${remote}`), stdio: 'inherit' });
    const done = (ok: boolean, detail?: string) => resolve({ name: `remote-${remote}'s unit tests (Vitest)`, ok, detail, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => done(false, error.message));
    child.on('close', (code) => done(code === 0, code === 0 ? undefined : `npm run test:unit exited with ${code}`));
  });
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const remote = process.argv[2] as Remote | undefined;
  const withUnit = process.argv.includes('--unit');
  if (!remote || !REMOTES.includes(remote)) {
    console.error(`usage: tsx tools/src/remote-test.ts <${REMOTES.join('|')}> [--unit]`);
    process.exit(64);
  }
  const started = Date.now();
  let smokeSeconds = 0;
  const smoke = smokeRemote(remote).then((results) => {
    smokeSeconds = (Date.now() - started) / 1000;
    return results;
  });
  const [unit, results] = await Promise.all([withUnit ? runUnitTests(remote) : Promise.resolve(null), smoke]);
  for (const result of results) {
    const took = result.seconds === undefined ? '' : ` (${result.seconds.toFixed(1)} s)`;
    console.info(`  ${result.ok ? '✓' : '✗'} ${result.name}${took}${result.ok || !result.detail ? '' : ` — ${result.detail}`}`);
  }
  const failed = results.filter((result) => !result.ok).length;
  console.info(`remote-${remote} standalone smoke (${smokeSeconds.toFixed(1)} s)`);
  console.info(`${results.length - failed} passed, ${failed} failed`);
  if (unit) console.info(`${unit.ok ? '✓' : '✗'} ${unit.name} (${unit.seconds?.toFixed(1)} s)${unit.detail ? ` — ${unit.detail}` : ''}`);
  process.exit(failed === 0 && (unit?.ok ?? true) ? 0 : 1);
}
