// The repository's own docs stand on their own: every file or folder they name exists, the screen
// map names every page and dialog component, and nothing in the repository points to a document
// that is not in it (the design and toolchain notes and the spec's files the project started from).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './site';

/** The docs whose paths are checked, from the repository's root. */
const DOCS = ['README.md', 'docs/architecture.md', 'docs/screens.md', 'docs/remote-teams.md', 'docs/naming.md', 'tools/README.md'];

const trackedFiles = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);

/**
 * The paths a doc names: `code spans` that look like a relative path with a folder (no spaces,
 * no route parameters, no URL) and the targets of relative Markdown links.
 */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, span]) => span ?? '');
  const links = [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map(([, target]) => target ?? '');
  const looksLikePath = (text: string) =>
    /^[\w.@-]+(\/[\w.@-]+)+\/?$/.test(text) && !/^\w+:/.test(text) && !text.startsWith('@') && /\.\w+$|\/$|^[\w-]+\/[\w./-]+$/.test(text);
  return [...new Set([...spans.filter(looksLikePath), ...links.filter((target) => !/^\w+:/.test(target))])];
}

/** The workspaces: a doc may name a path inside one generically ("each app's `src/app/routes.tsx`"). */
const WORKSPACES = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const recordNumbers = new Set(trackedFiles.flatMap((file) => /^docs\/decisions\/(\d{3})-/.exec(file)?.[1] ?? []));

/** `zod/mini`: an entry point an installed package (not a workspace) exports, named as it is imported. */
function isPackageEntry(named: string): boolean {
  const [name = '', ...rest] = named.split('/');
  const folder = path.join(REPO_ROOT, 'node_modules', name);
  if (rest.length === 0 || !existsSync(path.join(folder, 'package.json')) || lstatSync(folder).isSymbolicLink()) return false;
  const { exports } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { exports?: unknown };
  return typeof exports === 'object' && exports !== null && `./${rest.join('/')}` in exports;
}

/** Whether a named path exists: from the doc's folder, the root or a workspace; `docs/decisions/NNN` is record NNN; or a package's entry point. */
function exists(named: string, docFolder: string): boolean {
  const record = /^(?:\.\.\/)?(?:docs\/)?decisions\/(\d{3})$/.exec(named);
  if (record) return recordNumbers.has(record[1] ?? '');
  if (isPackageEntry(named)) return true;
  return [docFolder, REPO_ROOT, ...WORKSPACES.map((workspace) => path.join(REPO_ROOT, workspace))].some((base) => existsSync(path.join(base, named)));
}

describe('the docs', () => {
  it.each(DOCS)('%s names only files and folders that exist (from its folder, the repository root or a workspace)', (doc) => {
    const folder = path.dirname(path.join(REPO_ROOT, doc));
    // Files made at run time (a data folder, secrets) are not in the repository.
    const missing = namedPaths(readFileSync(path.join(REPO_ROOT, doc), 'utf8')).filter((named) => !named.split('/').some((part) => part.startsWith('.')) && !exists(named, folder));
    expect(missing).toEqual([]);
  });

  it('the screen map names every page and dialog component of the host and the remotes', () => {
    const screens = readFileSync(path.join(REPO_ROOT, 'docs/screens.md'), 'utf8');
    const components = trackedFiles.filter((file) => /^(host|remote-[a-z]+)\/src\/.*(Page|Pages|Dialog|Drawer)\.tsx$/.test(file));
    expect(components.length).toBeGreaterThan(20);
    expect(components.filter((file) => !screens.includes(`\`${file}\``))).toEqual([]);
  });

  it('nothing in the repository points to a document outside it', () => {
    // Built from parts so that this file does not name them itself.
    const outside = new RegExp(
      [...['DESIGN', 'STYLE', 'TOOLCHAIN'].map((name) => String.raw`\b${name}\.md\b`), String.raw`\.\./shared/spec\b`, String.raw`\bspec/0\d-`, String.raw`\bthe hand` + 'out\\b'].join('|'),
      'i',
    );
    const offenders = trackedFiles
      .filter((file) => !/(^|\/)package-lock\.json$|\.(png|jpe?g|webp|avif|gif|ico|woff2?|sqlite)$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
        return text
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => outside.test(line))
          .map(({ index }) => `${file}:${index + 1}`);
      });
    expect(offenders).toEqual([]);
  });

  it('the path reader finds what a doc names', () => {
    expect(namedPaths('see `host/src/app/router.tsx`, `src/start.ts`, `deploy/nginx/`, [a](decisions/README.md), `/members/*`, `@suwerte/ui/launch`, `npm run dev`, [b](https://example.com)')).toEqual([
      'host/src/app/router.tsx',
      'src/start.ts',
      'deploy/nginx/',
      'decisions/README.md',
    ]);
  });
});
