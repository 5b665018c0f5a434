// @ts-check
// The host hands remotes `@suwerte/shared` in parts (docs/decisions/091): one namespace object, the
// same for every remote (a singleton), whose exports are filled in part by part as remotes need them,
// so a home widget costs the parts it imports, not every page's Mantine components and contracts.
// A part is the set of the package's runtime exports defined in one file (one of the package's own
// modules, or one Mantine component): each is a chunk of the host, loaded on demand.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
const PLUGIN = 'SuwerteSharedParts';
/** The module the host imports the parts' table from (a virtual module of the host's build). */
export const SHARED_PARTS_MODULE = '@suwerte/shared-parts';

/**
 * The package's runtime exports grouped by the file that defines each (following re-exports, read
 * with TypeScript once per build process):
 * `file` is that file (a declaration file for a dependency), `names` the package's names for the
 * exports, `locals` the file's own names for them.
 * @param {string} entryFile the package's index.ts
 * @returns {{ file: string; names: string[]; locals: string[] }[]}
 */
export function sharedExportParts(entryFile) {
  let parts = analysed.get(entryFile);
  if (!parts) {
    parts = analyseExports(entryFile);
    analysed.set(entryFile, parts);
  }
  return parts;
}

/** @type {Map<string, { file: string; names: string[]; locals: string[] }[]>} */
const analysed = new Map();

/**
 * @param {string} entryFile
 * @returns {{ file: string; names: string[]; locals: string[] }[]}
 */
function analyseExports(entryFile) {
  const ts = /** @type {typeof import('typescript')} */ (require('typescript'));
  const program = ts.createProgram([entryFile], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${PLUGIN}: cannot read the exports of ${entryFile}`);
  /** @type {Map<string, { names: string[]; locals: string[] }>} */
  const byFile = new Map();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    const declaration = target.valueDeclaration ?? target.declarations?.[0];
    const file = declaration ? declaration.getSourceFile().fileName : '?';
    const part = byFile.get(file) ?? { names: [], locals: [] };
    part.names.push(exported.name);
    part.locals.push(target.name);
    byFile.set(file, part);
  }
  return [...byFile].map(([file, part]) => ({ file, ...part })).sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The JavaScript module a part's names come from, when it can be imported directly (the package's
 * own files; Mantine's per-component ES modules): then the part's chunk needs no module of its own.
 * @param {string} file
 */
function importableModule(file) {
  if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.includes(`${path.sep}node_modules${path.sep}`)) return file;
  const mantine = file.match(/^(.*[\\/]@mantine[\\/][^\\/]+)[\\/]lib[\\/](.*)\.d\.ts$/);
  if (mantine) {
    const module = path.join(mantine[1], 'esm', `${mantine[2]}.mjs`);
    if (existsSync(module)) return module;
  }
  return null;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([\w*{}\s,$]+?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** @param {string} file */
function sourceFile(file) {
  for (const candidate of [file, `${file}.ts`, `${file}.tsx`, path.join(file, 'index.ts'), path.join(file, 'index.tsx')]) {
    if (/\.(tsx?|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** @param {string} clause e.g. `{ a, type B, c as d }` */
function namedImports(clause) {
  const named = clause.match(/\{([^}]*)\}/)?.[1] ?? '';
  return named
    .split(',')
    .map((specifier) => specifier.trim().split(/\s+as\s+/)[0]?.trim() ?? '')
    .filter((name) => name && !name.startsWith('type '));
}

/**
 * The modules of the host's first-load bundle that define the package's exports: found by
 * following static imports from the host's entry — the host's files, the package's files (by the
 * names imported from it) and Mantine's ES modules; a dynamic `import()` starts a lazy chunk and is
 * not followed. A heuristic: a module it misses costs a small chunk, one it wrongly counts is
 * bundled with the parts' table; neither changes what remotes get.
 * @param {string} dir the host's folder
 * @param {Map<string, string>} moduleOf the module defining each of the package's names
 */
export function shellModules(dir, moduleOf) {
  const names = new Set();
  const modules = staticGraph(path.join(dir, 'src', 'index.tsx'), moduleOf, new Set(), names);
  return { modules, names };
}

/**
 * The files `start` imports statically, transitively, without entering `known`.
 * @param {string} start
 * @param {Map<string, string>} moduleOf
 * @param {Set<string>} known
 * @param {Set<string>} [names] collects the names imported from the package and Mantine
 * @param {Set<string>} [packages] collects the other packages imported
 */
function staticGraph(start, moduleOf, known, names = new Set(), packages = new Set()) {
  const seen = new Set();
  const pending = [start];
  while (pending.length > 0) {
    const file = /** @type {string} */ (pending.pop());
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, clause = '', request] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (typeOnly) continue;
      if (request.startsWith('.')) {
        const next = sourceFile(path.resolve(path.dirname(file), request));
        if (next) pending.push(next);
      } else if (request === '@suwerte/shared' || request.startsWith('@mantine/')) {
        for (const name of namedImports(clause)) {
          names.add(name);
          // A constant (ACCOUNT_APPLY_DELAY_MS) is inlined where it is used: it does not bring its
          // module, and what that module imports, into the importer's chunk.
          if (/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
          const next = moduleOf.get(name);
          if (next) pending.push(next);
        }
      } else {
        packages.add(request);
      }
    }
  }
  return seen;
}

/**
 * A Mantine component whose own code (its modules the shell does not have, as source) is smaller
 * than this goes to one part with the other small ones: a chunk of its own would cost about as
 * much as its code, in requests and in the shell's chunk map.
 */
const SMALL_COMPONENT_BYTES = 4_000;

/** @type {Record<string, string>} */
const COMPONENT_FAMILIES = {
  NumberInput: '@mantine/core/number',
  NumberFormatter: '@mantine/core/number',
  Checkbox: '@mantine/core/choice',
  Radio: '@mantine/core/choice',
  Switch: '@mantine/core/choice',
  Chip: '@mantine/core/choice',
};

const DATA_FILES = new Set([
  'api/client.ts',
  'api/errors.ts',
  'api/query.ts',
  'api/call-endpoint.ts',
  'endpoints/define.ts',
  'endpoints/fetch-endpoint.ts',
  'contracts/fields.ts',
  'contracts/errors.ts',
  'config/runtime-config.ts',
]);

/**
 * Which part a file's exports go to. One part per Mantine component (the heavy ones pull floating-ui,
 * scroll locking or number formatting; the small ones share one, SMALL_COMPONENT_BYTES) and per
 * file of the package, except where a part per file would only cost a chunk: Mantine's hooks, its
 * core utilities, its number inputs and its inline inputs (one part each), a domain's contracts, endpoints and calls (one part:
 * `domain/sports`), the store, what every endpoint call needs (`data`), forms (Mantine's, ours and
 * their schemas), game launches, and the small UI pieces (`ui`). Every part is a chunk, and every
 * chunk an entry in the shell's chunk map.
 * @param {string} file the defining file
 * @param {string} packageDir the package's src folder
 */
export function partOf(file, packageDir) {
  const mantine = file.match(/@mantine[\\/](core|hooks|form)[\\/]lib[\\/](components[\\/][^\\/]+)?/);
  if (mantine) {
    if (mantine[1] === 'form') return 'forms';
    if (!mantine[2]) return `@mantine/${mantine[1]}`;
    const component = mantine[2].split(/[\\/]/)[1] ?? '';
    // Components that share most of their code (number formatting; the inline inputs) are one part.
    return COMPONENT_FAMILIES[component] ?? `@mantine/core/${component}`;
  }
  const own = path.relative(packageDir, file).split(path.sep).join('/');
  if (own.startsWith('..')) return file;
  if (own === 'ui/forms.ts' || own === 'validation/forms.ts') return 'forms';
  if (own.startsWith('ui/launch/') || own === 'api/game-launch.ts' || own === 'contracts/games.ts') return 'launch';
  if (own === 'auth/player-token.ts') return 'domain/token';
  // The account's one owner (its sync and event stream, which read the account, the histories and
  // the members' calls) goes with what it reads: one part for the player's account.
  if (own === 'api/account-sync.ts' || own === 'api/event-stream.ts') return 'domain/account';
  if (/^(?:contracts|endpoints)\/(?:account|history|members)\.ts$/.test(own)) return 'domain/account';
  const domain = own.match(/^(?:contracts|endpoints|api)\/(\w+)\.ts$/);
  if (domain && !['define', 'fetch-endpoint', 'fields', 'errors'].includes(domain[1] ?? '') && !DATA_FILES.has(own)) return `domain/${domain[1]}`;
  if (own.startsWith('store/')) return 'store';
  // What every call of the endpoint table needs: the client, its errors, the query hooks, the table's own helpers.
  if (DATA_FILES.has(own)) return 'data';
  // Small pieces of UI and their helpers (no dependency of their own).
  if ((own.startsWith('ui/') && !own.endsWith('overlays.tsx')) || own.startsWith('format/') || own.startsWith('results/')) return 'ui';
  return own;
}

/**
 * The host's plugin: a virtual module `@suwerte/shared-parts` exporting
 * - `SHARED_EXPORT_NAMES`: every runtime export of the package (what the host provides), and
 * - `SHARED_PARTS`: per part, its names and `load()`, a dynamic import of a module that re-exports
 *   those names from the package (the package is side-effect free, so a part's chunk holds the code
 *   of its names only, minus what the shell already has).
 * @param {{ dir: string; entryFile: string }} options the host's folder and the package's index.ts
 * @returns {{ alias: Record<string, string>; plugin: import('@rspack/core').RspackPluginInstance }}
 */
export function sharedPartsPlugin({ dir, entryFile }) {
  const folder = path.join(dir, 'node_modules', '.suwerte-shared-parts');
  const index = path.join(folder, 'index.js');
  return {
    alias: { [`${SHARED_PARTS_MODULE}$`]: index },
    plugin: {
      apply(compiler) {
        const files = sharedExportParts(entryFile).map((each) => ({ ...each, module: importableModule(each.file) }));
        /** @type {Map<string, string>} */
        const moduleOf = new Map();
        for (const { names, module } of files) for (const name of names) if (module) moduleOf.set(name, module);
        const { modules: shell, names: shellNames } = shellModules(dir, moduleOf);
        /** @type {Map<string, typeof files>} */
        const parts = new Map();
        // Once per build (a watch keeps the first answer: restart `rspack serve` after changing the package's exports).
        const small = (/** @type {string | null} */ module) => {
          if (!module || !module.includes(`${path.sep}components${path.sep}`)) return false;
          const dependencies = new Set();
          const own = staticGraph(module, moduleOf, shell, new Set(), dependencies);
          // A component that needs a library of its own (number formatting, floating-ui…) is not small.
          const foreign = [...dependencies].some((request) => !/^(react|react-dom|clsx)(\/|$)|^@mantine\//.test(request));
          return !foreign && [...own].reduce((sum, file) => sum + statSync(file).size, 0) < SMALL_COMPONENT_BYTES;
        };
        for (const each of files) {
          const key = each.module && !shell.has(each.module) && small(each.module) ? '@mantine/core/small' : partOf(each.file, path.dirname(entryFile));
          parts.set(key, [...(parts.get(key) ?? []), each]);
        }
        /** @type {Record<string, string>} */
        const modules = {};
        /** @type {string[]} */
        const eager = [];
        const table = [...parts.values()].flatMap((members) => {
          // What the shell has: its code is in the first-load bundle already (with every export the host
          // hands to remotes: tree shaking works per module), so no chunk — a static import.
          const inShell = ({ module, names }) => (module ? shell.has(module) : names.some((name) => shellNames.has(name)));
          const shellNamesOf = members.filter(inShell).flatMap((each) => each.names);
          eager.push(...shellNamesOf);
          const rows = shellNamesOf.length > 0 ? [`  part(${JSON.stringify(shellNamesOf.join(' '))}, () => Promise.resolve(shell)),`] : [];
          const rest = members.filter((each) => !inShell(each));
          if (rest.length === 0) return rows;
          const names = rest.flatMap((each) => each.names);
          const list = JSON.stringify(names.join(' '));
          const [only] = rest;
          if (rest.length === 1 && only?.module && only.names.every((name, at) => name === only.locals[at])) {
            return [...rows, `  part(${list}, () => import(${JSON.stringify(only.module)})),`];
          }
          const stub = path.join(folder, `part-${Object.keys(modules).length}.js`);
          modules[stub] = `export { ${names.join(', ')} } from '@suwerte/shared';\n`;
          return [...rows, `  part(${list}, () => import(${JSON.stringify(`./${path.basename(stub)}`)})),`];
        });
        modules[index] = [
          `// Generated by tools/rspack/shared-parts.mjs from ${path.relative(dir, entryFile)}: do not edit.`,
          `import { ${eager.join(', ')} } from '@suwerte/shared';`,
          `const shell = { ${eager.join(', ')} };`,
          "const part = (names, load) => ({ names: names.split(' '), load });",
          'export const SHARED_PARTS = [',
          ...table,
          '];',
          'export const SHARED_EXPORT_NAMES = SHARED_PARTS.flatMap((each) => each.names).sort();',
          '',
        ].join('\n');
        new rspack.experiments.VirtualModulesPlugin(modules).apply(compiler);
      },
    },
  };
}
