import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, type Remote } from '../site';

const run = promisify(execFile);

export interface RemoteBuildOptions {
  /** A remote, or the host (a remote's own tests load their build into the production host). */
  remote: Remote | 'host';
  /** Output folder. Never the remote's own dist/: other suites serve that one. */
  outDir: string;
  /**
   * Raw JavaScript prepended to the chunk of the remote's exposed `./routes` module, so a
   * rebuilt release can differ visibly (the versioned-remote e2e) without editing its source.
   */
  routesBanner?: string;
  /** A release name stamped into every chunk, so every file name differs from another build's. */
  stamp?: string;
  /**
   * Changes of source files (paths from the repo root) applied as they compile: a release that
   * differs from the checkout by these edits only, the working tree left as it is. The build fails
   * when a `from` is not in its file.
   */
  edits?: { file: string; from: string; to: string }[];
}

/** A production build of one remote (or the host) with its own rspack.config.mjs (deploy/scripts/build-remote.mjs). */
export async function buildRemote({ remote, outDir, routesBanner, stamp, edits }: RemoteBuildOptions): Promise<void> {
  const args = [path.join(REPO_ROOT, 'deploy', 'scripts', 'build-remote.mjs'), remote, outDir];
  let bannerDir: string | null = null;
  if (routesBanner || edits) bannerDir = mkdtempSync(path.join(tmpdir(), 'suwerte-banner-'));
  if (routesBanner && bannerDir) {
    const file = path.join(bannerDir, 'banner.js');
    writeFileSync(file, routesBanner);
    args.push('--routes-banner', file);
  }
  if (edits && bannerDir) {
    const file = path.join(bannerDir, 'edits.json');
    writeFileSync(file, JSON.stringify(edits));
    args.push('--edits', file);
  }
  if (stamp) args.push('--stamp', stamp);
  try {
    // Plain Node, whatever runs this (tsx, Playwright): see the script's header.
    await run('node', args, { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`build of ${remote === 'host' ? 'the host' : `remote-${remote}`} failed:\n${stderr ?? ''}${stdout ?? ''}`, { cause: error });
  } finally {
    if (bannerDir) rmSync(bannerDir, { recursive: true, force: true });
  }
}
