import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildRemote } from '@suwerte/tools/ops/remote-build';
import type { Remote } from '@suwerte/tools/site';
import { loginToken, DEMO, type Credentials } from '../../support/api';
import { persistedSession } from '../../support/fixtures';

/** What a release under test shows on every page of its remote: `remote-lotto 1.1.0`. */
export const releaseNote = (remote: Remote, version: string): string => `remote-${remote} ${version}`;

/** Raw JavaScript for the chunk of a remote's `./routes`: a badge naming the release, fixed at the bottom left. */
function badge(note: string): string {
  return `(function () {
  if (typeof document === 'undefined') return;
  var note = document.createElement('p');
  note.setAttribute('data-testid', 'remote-release');
  note.setAttribute('role', 'status');
  note.textContent = ${JSON.stringify(note)};
  note.style.cssText = 'position:fixed;left:12px;bottom:12px;z-index:1000;margin:0;padding:6px 10px;border-radius:6px;background:#f5c542;color:#111;font:600 14px system-ui,sans-serif';
  document.body.appendChild(note);
})();
`;
}

/**
 * A new release of a remote, built from its own sources into `outDir` (its dist/ stays as it is):
 * a visible badge, and every chunk stamped so no file name matches another release's — as after
 * any real change.
 */
export async function buildRelease(remote: Remote, version: string, outDir: string): Promise<string> {
  await buildRemote({ remote, outDir, routesBanner: badge(releaseNote(remote, version)), stamp: version });
  return outDir;
}

/**
 * A release of a remote that differs from this checkout by `edits` only (source files changed as
 * they compile, the working tree left as it is), stamped so no file name matches another build's:
 * an area team's one change, built into its remote alone.
 */
export async function buildEditedRelease(remote: Remote, version: string, outDir: string, edits: { file: string; from: string; to: string }[]): Promise<string> {
  await buildRemote({ remote, outDir, stamp: version, edits });
  return outDir;
}

/**
 * Rewrites what a built release records that it needs from the host — as a build against a newer
 * `@suwerte/shared` would (this suite cannot add exports to the package it runs on).
 */
export function requireFromHost(releaseDir: string, change: { range?: string; builtWith?: string; addExports?: string[] }): void {
  const file = path.join(releaseDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    suwerte: { requires: Record<string, { range: string; builtWith?: string; exports: string[] }> };
  };
  const shared = manifest.suwerte.requires['@suwerte/shared'];
  if (!shared) throw new Error(`${file} records no @suwerte/shared requirement`);
  if (change.range) shared.range = change.range;
  if (change.builtWith) shared.builtWith = change.builtWith;
  if (change.addExports) shared.exports = [...shared.exports, ...change.addExports].sort();
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  // The build's compressed copies hold the manifest as built: gone, as a rebuild would replace them
  // (publishing refuses a build whose copies no longer match: tools/src/delivery/releases.ts).
  for (const twin of ['br', 'gz']) rmSync(`${file}.${twin}`, { force: true });
}

/** A folder for the builds of one spec, readable by nginx (which runs unprivileged). */
export function buildsFolder(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `suwerte-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

/** Signs a player (the demo player unless given) in on a site (the session as the site stores it), on a page of the host. */
export async function signIn(page: Page, hostUrl: string, player: Credentials = DEMO): Promise<void> {
  await page.goto(`${hostUrl}/Responsiblegaming`);
  await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(await loginToken(player)));
}

/** Counts full page loads of the main frame (a reload is one more). */
export function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}
