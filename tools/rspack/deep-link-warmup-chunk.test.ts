// The deep-link warm-up starts a page's chain the moment `main.js` has run (docs/decisions/210): its
// chunk must not wait for zod (33 KB gzip, the largest of the host's lazy chunks). When it imported
// one function from a module of @suwerte/federation that builds zod schemas, its chunk group took zod
// along and the manifest was asked for ~0.5 s later on a phone's connection (docs/decisions/224).
// This follows the warm-up's static imports through the host's own modules and, for
// @suwerte/federation (`sideEffects: false`: only the modules that define what is imported are
// bundled), through the modules defining each imported name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const WARMUP = path.join(REPO, 'host/src/features/federation/deep-link-warmup.ts');
/** The early script app.html loads beside main.js (docs/decisions/236): a few kilobytes, or it delays the shell it runs beside. */
const EARLY = path.join(REPO, 'host/src/early.ts');
/** The kernel (its store, Mantine, the API client…): the early script reads the saved session itself. */
const KERNEL_PACKAGES = /^@suwerte\/shared(\/.*)?$/;
const FEDERATION_SRC = path.join(REPO, 'shared/federation/src');
/** Packages a lazy chunk would bring zod with (the contracts build their schemas at import). */
const ZOD_PACKAGES = /^(zod(\/.*)?|@suwerte\/contracts(\/.*)?)$/;

interface StaticImport {
  names: string[];
  from: string;
}

/** The file's `import … from` and `export … from` that are not type-only. */
function staticImports(file: string): StaticImport[] {
  const text = readFileSync(file, 'utf8');
  const found: StaticImport[] = [];
  for (const [, clause = '', from = ''] of text.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)'/gms)) {
    const braces = /\{([^}]*)\}/.exec(clause)?.[1];
    const names = braces === undefined ? ['*'] : braces.split(',').map((part) => part.trim()).filter((part) => part && !part.startsWith('type ')).map((part) => part.split(/\s+as\s+/)[0] ?? part);
    if (names.length > 0) found.push({ names, from });
  }
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const file = candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith(path.sep));
  if (!file) throw new Error(`${from}: cannot resolve ${specifier}`);
  return file;
}

/** The module of @suwerte/federation that defines `name`. */
function federationModuleOf(name: string): string {
  for (const entry of readdirSync(FEDERATION_SRC)) {
    if (!/\.(ts|mjs)$/.test(entry) || entry.includes('.test.')) continue;
    const file = path.join(FEDERATION_SRC, entry);
    if (new RegExp(`^export (?:async )?(?:function|const|class|let) ${name}\\b`, 'm').test(readFileSync(file, 'utf8'))) return file;
  }
  throw new Error(`@suwerte/federation defines no ${name}`);
}

/** Static import chains from `file` that reach zod (or the packages `packages` names). */
function importChainsTo(file: string, seen = new Set<string>(), chain: string[] = [], packages = ZOD_PACKAGES): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const here = [...chain, path.relative(REPO, file)];
  return staticImports(file).flatMap(({ names, from }) => {
    if (packages.test(from)) return [[...here, from].join(' → ')];
    if (from.startsWith('.')) return importChainsTo(resolveRelative(file, from), seen, here, packages);
    if (from === '@suwerte/federation') {
      if (names.includes('*')) return [[...here, `${from} (the whole package)`].join(' → ')];
      return names.flatMap((name) => importChainsTo(federationModuleOf(name), seen, here, packages));
    }
    return [];
  });
}

describe('the host’s deep-link warm-up chunk (host/src/features/federation/deep-link-warmup.ts)', () => {
  it('imports nothing that brings zod, so it runs as soon as main.js has', () => {
    expect(importChainsTo(WARMUP)).toEqual([]);
  });

  it('the early script imports neither zod nor the kernel', () => {
    expect(importChainsTo(EARLY)).toEqual([]);
    expect(importChainsTo(EARLY, new Set(), [], KERNEL_PACKAGES)).toEqual([]);
    // …and the check sees the kernel where it is imported.
    expect(importChainsTo(WARMUP, new Set(), [], KERNEL_PACKAGES)).not.toEqual([]);
  });

  it('would be caught importing from a module that builds zod schemas', () => {
    expect(importChainsTo(path.join(FEDERATION_SRC, 'compatibility.ts'))).toEqual([expect.stringMatching(/compatibility\.ts → zod\/mini$/)]);
  });
});

// axios (19 KB brotli) loads with the first call a deep link's early answers do not cover, after the
// page has painted (docs/decisions/237): no kernel entry point may import it, or its chunk is back
// among the files every page waits for.
describe('the kernel’s entry points and axios', () => {
  const KERNEL_SRC = path.join(REPO, 'shared/kernel/src');
  const AXIOS = /^axios(\/.*)?$/;
  const { exports } = JSON.parse(readFileSync(path.join(REPO, 'shared/kernel/package.json'), 'utf8')) as { exports: Record<string, string> };
  const entries = Object.entries(exports).filter(([name, file]) => file.endsWith('.ts') && !['./testing', './standalone'].includes(name));

  it.each(entries)('%s imports no axios', (_name, file) => {
    expect(importChainsTo(path.join(REPO, 'shared/kernel', file), new Set(), [], AXIOS)).toEqual([]);
  });

  it('…and the check sees axios where the client imports it', () => {
    expect(importChainsTo(path.join(KERNEL_SRC, 'api/client.ts'), new Set(), [], AXIOS)).toEqual([expect.stringMatching(/client\.ts → axios$/)]);
  });
});
