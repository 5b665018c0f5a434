import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '@suwerte/tools/site';
import { DEMO, loginToken } from '../../support/api';
import { expect, openSignInDialog, persistedSession, test } from '../../support/fixtures';
import { DEV_API_PORT, DEV_PORT_BASE } from './ops-ports';

// A remote team's daily loop: `npm run dev` on ports of its own, signing in through the dialog, an edit to a remote component
// visible in the host in under 2 s with the page's state kept, the same in the remote's
// standalone page, and Ctrl+C leaving nothing running. The edits go to a copy of remote-lotto in
// a checkout made of links to this one, so the work tree is never touched.

const PORTS = { host: DEV_PORT_BASE, lotto: DEV_PORT_BASE + 2, api: DEV_API_PORT };
const ALL_PORTS = [DEV_PORT_BASE, DEV_PORT_BASE + 1, DEV_PORT_BASE + 2, DEV_PORT_BASE + 3, DEV_PORT_BASE + 4, DEV_API_PORT];
const MARKER = `suwerte-dev-loop-${randomUUID()}`;

let checkout: string;
let dev: ChildProcess | null = null;
let output = '';

/** A checkout of links to this one, with its own copy of remote-lotto to edit. */
function makeCheckout(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'suwerte-dev-loop-'));
  for (const entry of readdirSync(REPO_ROOT)) {
    if (entry === 'remote-lotto' || entry.startsWith('.')) continue;
    symlinkSync(path.join(REPO_ROOT, entry), path.join(root, entry));
  }
  cpSync(path.join(REPO_ROOT, 'remote-lotto'), path.join(root, 'remote-lotto'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)$/.test(source),
  });
  return root;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev exited:\n${output.slice(-3000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output.slice(-3000)}`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Processes that inherited this test's marker (every process `npm run dev` started). */
function markedProcesses(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').includes(MARKER)) found.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Edits a file of the copy and measures how long the page takes to show `shown`. */
async function editAndWait(page: Page, file: string, from: string, to: string, shown: ReturnType<Page['locator']>): Promise<number> {
  const full = path.join(checkout, 'remote-lotto', file);
  const source = readFileSync(full, 'utf8');
  expect(source).toContain(from);
  // Saved as editors' safe write does (a whole new file renamed over the old): one change for the
  // watcher, never a truncated file seen half-written (a loaded machine once built the empty file
  // between the truncation and the write, and the hot update it asked for was gone: a reload).
  const saved = `${full}.saving`;
  writeFileSync(saved, source.replace(from, to));
  const started = Date.now();
  renameSync(saved, full);
  await expect(shown).toBeVisible({ timeout: 10_000 });
  return Date.now() - started;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  for (const port of ALL_PORTS) expect(await portFree(port), `port ${port} is free before the test`).toBe(true);
  checkout = makeCheckout();
  dev = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'tools', 'src', 'dev.ts'), '--port-base', String(PORTS.host), '--api-port', String(PORTS.api)], {
    cwd: REPO_ROOT,
    env: { ...process.env, SUWERTE_DEV_ROOT: checkout, DATABASE_PATH: path.join(checkout, 'dev.sqlite'), [MARKER]: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`http://127.0.0.1:${PORTS.api}/health`, 120_000);
  await waitFor(`http://127.0.0.1:${PORTS.host}/`, 120_000);
  for (const port of ALL_PORTS.slice(1, 5)) await waitFor(`http://127.0.0.1:${port}/mf-manifest.json`, 120_000);
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) {
    dev.kill('SIGINT');
    await new Promise((resolve) => dev?.once('exit', resolve));
  }
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

test('the dev servers use the ports and API given, and name them to the browser', async () => {
  expect(output).toContain(`http://localhost:${PORTS.host}`);
  const registry = (await (await fetch(`http://localhost:${PORTS.host}/remotes.json`)).json()) as { remotes: Record<string, { entry: string }> };
  expect(registry.remotes.lotto?.entry).toBe(`http://localhost:${PORTS.lotto}/mf-manifest.json`);
  const config = (await (await fetch(`http://localhost:${PORTS.lotto}/config.json`)).json()) as { api: { production: string } };
  expect(config.api.production).toBe(`http://localhost:${PORTS.api}`);
});

test('signing in through the dialog closes it (issue 36: it stayed open under npm run dev)', async ({ page }) => {
  await page.goto(`http://localhost:${PORTS.host}/`);
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Username').fill(DEMO.username);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome to Suwerte! Good luck and play responsibly.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('header-balance')).toContainText('₱');
});

test('an edit to a remote page shows in the host in under 2 s, with the page’s state kept', async ({ page }) => {
  const token = await loginToken(DEMO, `http://localhost:${PORTS.api}`);
  await page.goto(`http://localhost:${PORTS.host}/Responsiblegaming`);
  await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(token));
  await page.goto(`http://localhost:${PORTS.host}/Lotto`);
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  // State the edit must not lose: the results dialog, open.
  await page.getByRole('button', { name: 'Lotto Results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lotto Results' });
  await expect(dialog).toBeVisible();
  const took = await editAndWait(page, 'src/features/lotto/LottoPage.tsx', '<PageTitle>Lotto</PageTitle>', '<PageTitle>Lotto (edited)</PageTitle>', page.getByRole('heading', { name: 'Lotto (edited)', level: 1 }));
  expect(took).toBeLessThan(2000);
  await expect(dialog).toBeVisible();
});

test('an edit shows in the remote’s standalone page in under 2 s, with its state kept', async ({ page }) => {
  await page.goto(`http://localhost:${PORTS.lotto}/`);
  await expect(page.getByText('remote-lotto (standalone)', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lotto Today' })).toBeVisible();
  // State the edit must not lose: what is typed in the dev shell's sign-in form.
  const username = page.locator('header form').getByLabel('Username');
  await username.fill('half-typed');
  const took = await editAndWait(page, 'src/features/lotto-today/LottoToday.tsx', '          Lotto Today\n', '          Lotto Today (edited)\n', page.getByRole('heading', { name: 'Lotto Today (edited)' }));
  expect(took).toBeLessThan(2000);
  await expect(username).toHaveValue('half-typed');
});

test('stopping npm run dev stops every process it started, freeing every port', async () => {
  test.setTimeout(60_000);
  expect(markedProcesses().length).toBeGreaterThan(6);
  dev?.kill('SIGINT');
  await new Promise((resolve) => dev?.once('exit', resolve));
  expect(dev?.exitCode).toBe(0);
  expect(markedProcesses()).toEqual([]);
  for (const port of ALL_PORTS) expect(await portFree(port), `port ${port}`).toBe(true);
});
